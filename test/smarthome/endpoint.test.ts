// A TV's endpointId must fit Alexa's pattern and length and lead back to exactly its thingId.
import { discoveredEndpoint, endpointIdFor, thingIdOf } from '../../src/alexa/endpoint';

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

// One builder for Discover and AddOrUpdateReport (discoveredEndpoint): the maker and model Works with
// Alexa asks for in additionalAttributes, and a description that never says a word twice in a row.
describe('how a TV is described', () => {
  const described = (manufacturer?: string, model?: string) =>
    discoveredEndpoint({ userId: 'u', thingId: 'thing-1', serviceId: 's', deviceName: 'Den TV', gatewayId: 'gw', manufacturer, model });

  it.each([
    ['SHARP', 'AQUOS', 'SHARP AQUOS TV through the IR learning remote', { manufacturer: 'SHARP', model: 'AQUOS' }],
    // The type label stored as the model by TVs set up before the preset's own name was read.
    ['SHARP', 'TV', 'SHARP TV through the IR learning remote', { manufacturer: 'SHARP' }],
    ['SHARP', 'ｔｖ', 'SHARP TV through the IR learning remote', { manufacturer: 'SHARP' }],
    ['シャープ', 'テレビ', 'シャープ TV through the IR learning remote', { manufacturer: 'シャープ' }],
    ['SHARP', 'SHARP AQUOS', 'SHARP AQUOS TV through the IR learning remote', { manufacturer: 'SHARP', model: 'SHARP AQUOS' }],
    ['SHARP', 'AQUOS tv', 'SHARP AQUOS tv through the IR learning remote', { manufacturer: 'SHARP', model: 'AQUOS tv' }],
    [undefined, 'AQUOS', 'AQUOS TV through the IR learning remote', { model: 'AQUOS' }],
  ])('%p and %p: "%s"', (manufacturer, model, description, attributes) => {
    const endpoint = described(manufacturer, model);
    expect(endpoint?.description).toBe(description);
    expect(endpoint?.additionalAttributes).toEqual(attributes);
  });

  it('without preset labels: no additionalAttributes, and the plain description', () => {
    const endpoint = described();
    expect(endpoint?.description).toBe('TV through the IR learning remote');
    expect(endpoint).not.toHaveProperty('additionalAttributes');
  });

  // An IR remote cannot read the TV: only connectivity is retrievable, and nothing is proactively reported.
  it('declares connectivity the one retrievable property', () => {
    const properties = (described()?.capabilities ?? []).filter((c) => c.properties).map((c) => [c.interface, c.properties?.retrievable, c.properties?.proactivelyReported]);
    expect(properties).toEqual([
      ['Alexa.PowerController', false, false],
      ['Alexa.ChannelController', false, false],
      ['Alexa.Speaker', false, false],
      ['Alexa.EndpointHealth', true, false],
    ]);
  });
});
