// The runner for the data-driven smart-home cases (cases/*.ts), on the door runners' core
// (support/cases/runner.ts): the real smart-home handler, every response valid against Amazon's schema,
// echoing what Alexa gave it to echo, and the gateway index read only where the case says.
import { discoveredEndpoint, endpointIdFor } from '../../src/alexa/endpoint';
import type { EventMessage } from '../../src/alexa/messages';
import { expectValidSmartHomeMessage } from '../../src/local/alexa/schema';
import { createSmartHomeHandler } from '../../src/smarthome/app';
import { DynamoUserStore } from '../../src/store';
import { runDoorCases, type Door } from '../support/cases/runner';
import { useLoopback } from '../support/loopback';
import type { CaseContext, SmartHomeCase } from '../support/smarthome/case';
import { CORRELATION_TOKEN } from '../support/smarthome/directives';
import { allCases } from './cases';

type Sent = {
  directive?: { header?: { messageId?: string; correlationToken?: string }; endpoint?: { endpointId?: string } };
};

const smartHome: Door<SmartHomeCase, CaseContext, unknown, EventMessage> = {
  name: 'smarthome',
  context: (household) => household,
  handler(c, _ctx, parts, { dynamo }) {
    const directory = c.handler?.missingTable
      ? new DynamoUserStore({ tableName: 'no-such-table', client: dynamo.client })
      : dynamo.store;
    let tableReads = 0;
    const handle = createSmartHomeHandler({
      ...parts,
      directory: {
        tvsBehindGateways: (ids) => {
          tableReads++;
          return directory.tvs.tvsBehindGateways(ids);
        },
      },
    });
    // Control directives read no table; a discovery reads the index once.
    return { handle, expectWork: () => expect(tableReads).toBe(c.expected.tableReads ?? 0) };
  },
  request(c, ctx) {
    const endpointId = ctx.tv ? (endpointIdFor(ctx.tv.thingId) ?? 'unencodable') : 'tv:no-tv';
    // Alexa hands back the cookie discovery gave the endpoint.
    return c.directive({
      token: ctx.token,
      endpointId,
      cookie: ctx.tv ? (discoveredEndpoint(ctx.tv)?.cookie ?? {}) : {},
    });
  },
  validate: (response) => expectValidSmartHomeMessage(response),
  expectAnswer(c, ctx, response, event) {
    // Every Response of a control directive says the TV is reachable: the device cloud took the command.
    if (response.event.header.name === 'Response') {
      expect(response.context?.properties).toContainEqual(
        expect.objectContaining({ namespace: 'Alexa.EndpointHealth', name: 'connectivity', value: { value: 'OK' } }),
      );
    }
    expect(response).toMatchObject(
      typeof c.expected.response === 'function' ? c.expected.response(ctx) : c.expected.response,
    );
    // Echoes exactly what it was given to echo, with a message id of its own.
    const sent = (event as Sent).directive;
    expect(response.event.header.correlationToken).toBe(
      sent?.header?.correlationToken === CORRELATION_TOKEN ? CORRELATION_TOKEN : undefined,
    );
    expect(response.event.header.messageId).not.toBe(sent?.header?.messageId);
    // Echoed as sent, unless Amazon's schema (model.EndpointId) could never carry it.
    const sentId = sent?.endpoint?.endpointId;
    const echoable = typeof sentId === 'string' && /^[a-zA-Z0-9_\-=#;:?@&]{1,256}$/.test(sentId);
    expect(response.event.endpoint?.endpointId).toBe(echoable ? sentId : undefined);
  },
  check: (c, ctx, response) => c.expected.check?.(ctx, response),
};

runDoorCases(useLoopback(), allCases, smartHome);
