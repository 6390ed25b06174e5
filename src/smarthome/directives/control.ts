// A control directive (TurnOn, ChangeChannel, AdjustVolume...): the TV the endpoint names, built by the
// door (endpoint.ts: no table read), its control bound to the token and the deadline, and the interface
// module's handler (interfaces/) on the one contract of every TV command.
import { tvControlFor } from '../../tv/control';
import { tvOf } from '../endpoint';
import { SmartHomeError } from '../errors';
import type { DirectiveHandler } from '../interfaces';
import { bearerToken } from '../request';
import { connectivity, endpointResponse } from '../respond';
import type { DirectiveModule } from './directive';

export function control(handler: DirectiveHandler): DirectiveModule {
  return async (directive, { cloud, deadline, now }) => {
    const { endpoint, header } = directive;
    if (!endpoint)
      throw new SmartHomeError('INVALID_DIRECTIVE', `${header.namespace}.${header.name} needs an endpoint`);
    const tv = tvOf(endpoint);
    const token = bearerToken(endpoint.scope?.token);
    const properties = await handler(directive, {
      tv,
      control: tvControlFor(cloud, token, tv.thingId, { deadline, now }),
      now,
    });
    // The device cloud took the command, so the gateway and the remote answered just now: the TV is
    // reachable. Alexa asks for every property's state in the context ("Alexa.Response Interface 3");
    // an unreachable TV never gets here, it is answered ENDPOINT_UNREACHABLE (errors.ts).
    return endpointResponse('Response', header.correlationToken, endpoint.endpointId, [
      ...properties,
      connectivity('OK', now()),
    ]);
  };
}
