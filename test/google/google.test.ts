// The runner for the data-driven Google cases (cases/*.ts), on the door runners' core
// (support/cases/runner.ts): the real Google handler, every 200 body valid against Google's schemas
// (test/support/google-smart-home), and the household's agentUserId and TV names in no log line.
import { createGoogleHandler } from '../../src/google/app';
import { googleResponseErrors } from '../../src/local/google/schema';
import { DynamoUserStore } from '../../src/store';
import { DynamoGoogleLinks } from '../../src/store/families/google-links';
import { runDoorCases, type Door } from '../support/cases/runner';
import type { CaseContext, GoogleCase } from '../support/google/case';
import { useLoopback } from '../support/loopback';
import { allCases } from './cases';

type Sent = { body: string; isBase64Encoded?: boolean };
/** What the handler answers: status, headers, the JSON body as text. */
type HttpAnswer = Awaited<ReturnType<ReturnType<typeof createGoogleHandler>>>;

const bodyOf = (answer: HttpAnswer): Record<string, unknown> => JSON.parse(answer.body) as Record<string, unknown>;

const google: Door<GoogleCase, CaseContext, unknown, HttpAnswer> = {
  name: 'google',
  context: (household, { dynamo }) => ({
    ...household,
    links: new DynamoGoogleLinks({ tableName: dynamo.tableName, client: dynamo.client }),
  }),
  handler(c, ctx, parts, { dynamo }) {
    const missing = { tableName: 'no-such-table', client: dynamo.client };
    return {
      handle: createGoogleHandler({
        ...parts,
        directory: c.handler?.missingTable ? new DynamoUserStore(missing).tvs : ctx.store.tvs,
        links: c.handler?.missingTable || c.handler?.missingLinksTable ? new DynamoGoogleLinks(missing) : ctx.links,
      }),
    };
  },
  request: (c, ctx) =>
    c.request({
      token: ctx.token,
      deviceId: ctx.tv?.thingId ?? 'no-tv',
      gatewayId: ctx.tv?.gatewayId,
      neighbour: ctx.neighbour?.thingId,
      neighbourGateway: ctx.neighbour?.gatewayId,
    }),
  validate(answer, event) {
    expect(answer.headers['content-type']).toBe('application/json');
    if (answer.statusCode !== 200) return;
    const sent = event as Sent;
    const request = JSON.parse(
      sent.isBase64Encoded ? Buffer.from(sent.body, 'base64').toString('utf8') : sent.body,
    ) as { inputs: { intent: string }[] };
    expect(googleResponseErrors(request.inputs[0]!.intent, bodyOf(answer))).toEqual([]);
  },
  expectAnswer(c, ctx, answer, _event, logs) {
    expect(answer.statusCode).toBe(c.expected.status);
    if (c.expected.headers) expect(answer.headers).toMatchObject(c.expected.headers);
    const body = bodyOf(answer);
    const expected = typeof c.expected.body === 'function' ? c.expected.body(ctx) : c.expected.body;
    if (expected) expect(body).toMatchObject(expected);
    // Nor does the household's agentUserId or TV name reach a log line.
    const agentUserId = (body['payload'] as { agentUserId?: string } | undefined)?.agentUserId;
    for (const secret of [agentUserId, 'Living room'].filter((s): s is string => s !== undefined)) {
      for (const line of logs) expect(line).not.toContain(secret);
    }
  },
  check: (c, ctx, answer) => c.expected.check?.(ctx, bodyOf(answer)),
};

runDoorCases(useLoopback(), allCases, google);
