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
// Alexa asks for in additionalAttributes ("Works with Alexa Skill Requirements": on every endpoint), and a
// description that never says a word twice.
describe('how a TV is described', () => {
  const described = (manufacturer?: string, model?: string, presetId?: string) =>
    discoveredEndpoint({
      userId: 'u',
      thingId: 'thing-1',
      serviceId: 'irc-remote-1-1',
      deviceName: 'Den TV',
      gatewayId: 'gw',
      manufacturer,
      model,
      presetId,
    });

  it.each([
    [
      'SHARP',
      'AQUOS',
      undefined,
      'SHARP AQUOS TV through the IR learning remote',
      { manufacturer: 'SHARP', model: 'AQUOS' },
    ],
    // The type label stored as the model by TVs set up before the preset's own name was read: the model
    // is built at their next discovery, from the preset where a run recorded it, else the remote entry.
    [
      'SHARP',
      'TV',
      'TV-SHARP-0001',
      'SHARP TV (preset TV-SHARP-0001) through the IR learning remote',
      { manufacturer: 'SHARP', model: 'SHARP TV (preset TV-SHARP-0001)' },
    ],
    [
      'SHARP',
      'TV',
      undefined,
      'SHARP TV (remote entry irc-remote-1-1) through the IR learning remote',
      { manufacturer: 'SHARP', model: 'SHARP TV (remote entry irc-remote-1-1)' },
    ],
    [
      'SHARP',
      'ｔｖ',
      'P1',
      'SHARP ｔｖ (preset P1) through the IR learning remote',
      { manufacturer: 'SHARP', model: 'SHARP ｔｖ (preset P1)' },
    ],
    [
      'シャープ',
      'テレビ',
      'P1',
      'シャープ テレビ (preset P1) TV through the IR learning remote',
      { manufacturer: 'シャープ', model: 'シャープ テレビ (preset P1)' },
    ],
    [
      'SHARP',
      'SHARP AQUOS',
      undefined,
      'SHARP AQUOS TV through the IR learning remote',
      { manufacturer: 'SHARP', model: 'SHARP AQUOS' },
    ],
    [
      'SHARP',
      'AQUOS tv',
      undefined,
      'SHARP AQUOS tv through the IR learning remote',
      { manufacturer: 'SHARP', model: 'AQUOS tv' },
    ],
    // What setup stores now for a preset without a name of its own: returned unchanged.
    [
      'SHARP',
      'SHARP TV (preset P1)',
      'P1',
      'SHARP TV (preset P1) through the IR learning remote',
      { manufacturer: 'SHARP', model: 'SHARP TV (preset P1)' },
    ],
    [undefined, 'AQUOS', undefined, 'AQUOS TV through the IR learning remote', { model: 'AQUOS' }],
    [undefined, '   ', 'P1', 'TV (preset P1) through the IR learning remote', { model: 'TV (preset P1)' }],
  ])('%p and %p (preset %p): "%s"', (manufacturer, model, presetId, description, attributes) => {
    const endpoint = described(manufacturer, model, presetId);
    expect(endpoint?.description).toBe(description);
    expect(endpoint?.additionalAttributes).toEqual(attributes);
  });

  it("without preset labels: a model all the same, from the TV's entry on the remote", () => {
    const endpoint = described();
    expect(endpoint?.description).toBe('TV (remote entry irc-remote-1-1) through the IR learning remote');
    expect(endpoint?.additionalAttributes).toEqual({ model: 'TV (remote entry irc-remote-1-1)' });
  });

  it('gives two presets of one maker two models, and one preset the same model every time', () => {
    const a = described('SHARP', 'TV', 'P1')?.additionalAttributes?.model;
    expect(described('SHARP', 'TV', 'P2')?.additionalAttributes?.model).not.toBe(a);
    expect(described('SHARP', 'TV', 'P1')?.additionalAttributes?.model).toBe(a);
  });

  it('clips a model name too long for Alexa (256 characters), and builds one for a name with nothing to show', () => {
    expect(described('SHARP', 'M'.repeat(300))?.additionalAttributes?.model).toBe('M'.repeat(256));
    expect(described('SHARP', '\uFFFF\uD800', 'P1')?.additionalAttributes?.model).toBe('SHARP TV (preset P1)');
  });

  // An IR remote cannot read the TV: only connectivity is retrievable, and nothing is proactively reported.
  it('declares connectivity the one retrievable property', () => {
    const properties = (described()?.capabilities ?? [])
      .filter((c) => c.properties)
      .map((c) => [c.interface, c.properties?.retrievable, c.properties?.proactivelyReported]);
    expect(properties).toEqual([
      ['Alexa.PowerController', false, false],
      ['Alexa.ChannelController', false, false],
      ['Alexa.Speaker', false, false],
      ['Alexa.EndpointHealth', true, false],
    ]);
  });
});
