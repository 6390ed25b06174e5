// A TV's endpointId must fit Alexa's pattern and length and lead back to exactly its thingId.
import { endpointIdFor, thingIdOf } from '../../src/alexa/endpoint';

const ALEXA_ENDPOINT_ID = /^[a-zA-Z0-9_\-=#;:?@&]*$/;

describe('endpointIds', () => {
  it.each([
    ['a UUID', '8f14e45f-ceea-467f-a0e6-3b1b2a6f1c11'],
    ['the allowed punctuation', 'a_b-c=d#e;f:g?h@i&j'],
    ['a slash and spaces', 'living/room tv'],
    ['Japanese', 'リビングのテレビ'],
    ['a percent sign and a dot', '100%.sure'],
    ['a thingId that starts like an encoded one', 'tvb:abc'],
  ])('round-trip %s', (_what, thingId) => {
    const endpointId = endpointIdFor(thingId);
    expect(endpointId).toMatch(ALEXA_ENDPOINT_ID);
    expect(endpointId!.length).toBeLessThanOrEqual(256);
    expect(thingIdOf(endpointId!)).toBe(thingId);
  });

  it('keep a plain thingId readable', () => {
    expect(endpointIdFor('abc-123')).toBe('tv:abc-123');
  });

  it('are refused for a thingId too long to fit 256 characters in any form', () => {
    expect(endpointIdFor('x'.repeat(253))).toBe(`tv:${'x'.repeat(253)}`);
    expect(endpointIdFor('/'.repeat(200))).toBeUndefined();
  });

  it.each(['endpoint-001', 'tv:', 'tvb:', 'tvb:not base64', ''])('do not read %p as one of ours', (endpointId) => {
    expect(thingIdOf(endpointId)).toBeUndefined();
  });
});
