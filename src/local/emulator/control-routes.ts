// Routes outside the interface, under /_emulator/, for the sandbox and tests: read a TV, add an
// account, switch the gateway, rotate or expire a token, inject faults. No auth; never recorded as
// interface calls; no answer ever quotes a token.
import { checkFault, type FaultQueue } from './faults';
import type { CloudState } from './state';
import { parseJsonObject } from '../../json';
import type { Reply } from './wire';

export const CONTROL_PREFIX = '/_emulator/';

export function answerControl(
  state: CloudState,
  faults: FaultQueue,
  method: string,
  path: string,
  bodyText: string,
): Reply {
  const route = path.slice(CONTROL_PREFIX.length);
  const tvMatch = /^tvs\/([^/]+)$/.exec(route);
  if (tvMatch) {
    if (method !== 'GET') return notAllowed('GET');
    const tv = state.tvState(decodeURIComponent(tvMatch[1]));
    return tv ? { status: 200, json: tv } : problem(404, 'no such TV');
  }

  switch (route) {
    case 'accounts': {
      if (method !== 'POST') return notAllowed('POST');
      const body = parseJsonObject(bodyText);
      if (!body || typeof body.token !== 'string' || body.token === '')
        return problem(400, 'token (a string) is required');
      if (body.gatewayOnline !== undefined && typeof body.gatewayOnline !== 'boolean')
        return problem(400, 'gatewayOnline must be a boolean');
      if (body.tokenLifetimeMs !== undefined && !isCount(body.tokenLifetimeMs))
        return problem(400, 'tokenLifetimeMs must be a non-negative integer');
      state.addAccount(body.token, { gatewayOnline: body.gatewayOnline, tokenLifetimeMs: body.tokenLifetimeMs });
      return { status: 201, json: { gateway: state.gatewayOf(body.token) } };
    }
    case 'gateway': {
      if (method !== 'PUT') return notAllowed('PUT');
      const body = parseJsonObject(bodyText);
      if (!body || typeof body.token !== 'string' || typeof body.online !== 'boolean') {
        return problem(400, 'token (a string) and online (a boolean) are required');
      }
      if (!state.hasAccount(body.token)) return problem(404, 'no account for that token');
      return { status: 200, json: { gateway: state.setGatewayOnline(body.token, body.online) } };
    }
    case 'tokens/rotate': {
      if (method !== 'POST') return notAllowed('POST');
      const body = parseJsonObject(bodyText);
      if (!body || typeof body.token !== 'string' || typeof body.newToken !== 'string' || body.newToken === '') {
        return problem(400, 'token and newToken (strings) are required');
      }
      if (body.graceMs !== undefined && !isCount(body.graceMs))
        return problem(400, 'graceMs must be a non-negative integer');
      if (body.lifetimeMs !== undefined && !isCount(body.lifetimeMs))
        return problem(400, 'lifetimeMs must be a non-negative integer');
      if (state.tokenState(body.token) !== 'valid') return problem(404, 'no account for that token, or it has expired');
      if (state.tokenState(body.newToken) !== 'unknown') return problem(409, 'newToken is already in use');
      state.rotateToken(body.token, body.newToken, { graceMs: body.graceMs, lifetimeMs: body.lifetimeMs });
      return { status: 204 };
    }
    case 'tokens/expire': {
      if (method !== 'POST') return notAllowed('POST');
      const body = parseJsonObject(bodyText);
      if (!body || typeof body.token !== 'string') return problem(400, 'token (a string) is required');
      if (!state.hasAccount(body.token)) return problem(404, 'no account for that token');
      state.expireToken(body.token);
      return { status: 204 };
    }
    case 'faults': {
      if (method === 'DELETE') {
        faults.clear();
        return { status: 204 };
      }
      if (method !== 'POST') return notAllowed('POST, DELETE');
      const fault: unknown = parseJsonObject(bodyText);
      try {
        checkFault(fault);
      } catch (e) {
        return problem(400, (e as Error).message);
      }
      faults.add(fault);
      return { status: 201, json: { fault } };
    }
    default:
      return problem(404, 'unknown emulator route');
  }
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function problem(status: number, message: string): Reply {
  return { status, json: { error: message } };
}

function notAllowed(allow: string): Reply {
  return { ...problem(405, 'method not allowed'), headers: { allow } };
}
