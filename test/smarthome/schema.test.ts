// The schema check the cases rely on: a well-formed response passes, and small breakages fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { smartHomeSchemaErrors } from '../../src/local/alexa/schema';

const VENDORED = path.join(__dirname, '..', 'support', 'alexa-smart-home');
const turnOnResponse = {
  event: {
    header: { namespace: 'Alexa', name: 'Response', payloadVersion: '3', messageId: 'abc-123', correlationToken: 'x' },
    endpoint: { endpointId: 'tv:abc' },
    payload: {},
  },
  context: {
    properties: [
      {
        namespace: 'Alexa.PowerController',
        name: 'powerState',
        value: 'ON',
        timeOfSample: '2026-01-01T00:00:00.000Z',
        uncertaintyInMilliseconds: 0,
      },
    ],
  },
};

describe('the vendored smart-home schema', () => {
  it('keeps its license and notice beside it', () => {
    expect(readdirSync(VENDORED).sort()).toEqual([
      'LICENSE.txt',
      'NOTICE.txt',
      'README.md',
      'alexa_smart_home_message_schema.json',
    ]);
    expect(readFileSync(path.join(VENDORED, 'LICENSE.txt'), 'utf8')).toMatch(/Amazon Software License/);
  });

  it('accepts a well-formed response', () => {
    expect(smartHomeSchemaErrors(turnOnResponse)).toEqual([]);
  });

  it.each([
    [
      'an endpointId with a slash',
      (m: typeof turnOnResponse) => {
        m.event.endpoint.endpointId = 'tv:a/b';
      },
    ],
    [
      'a messageId with a plus sign',
      (m: typeof turnOnResponse) => {
        m.event.header.messageId = 'a+b';
      },
    ],
    [
      'payload version 2',
      (m: typeof turnOnResponse) => {
        m.event.header.payloadVersion = '2';
      },
    ],
    [
      'a power state of "maybe"',
      (m: typeof turnOnResponse) => {
        m.context.properties[0]!.value = 'maybe';
      },
    ],
    [
      'an unknown top-level field',
      (m: typeof turnOnResponse) => {
        (m as Record<string, unknown>)['extra'] = 1;
      },
    ],
  ])('refuses %s', (_what, breakIt) => {
    const message = structuredClone(turnOnResponse);
    breakIt(message);
    expect(smartHomeSchemaErrors(message)).not.toEqual([]);
  });

  it('refuses an error type the API does not have', () => {
    const error = {
      event: {
        header: { namespace: 'Alexa', name: 'ErrorResponse', payloadVersion: '3', messageId: 'm1' },
        payload: { type: 'TV_ON_FIRE', message: 'x' },
      },
    };
    expect(smartHomeSchemaErrors(error)).not.toEqual([]);
    expect(
      smartHomeSchemaErrors({
        ...error,
        event: { ...error.event, payload: { type: 'BRIDGE_UNREACHABLE', message: 'x' } },
      }),
    ).toEqual([]);
  });
});
