// Every locale the skill's manifest serves must reach power, channel and volume through an interface
// Alexa maps that language to (the cited list in src/alexa/languages.ts). Otherwise a TV is discovered
// and answers in tests, yet a real Echo in that language never sends the directive.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { discoveredEndpoint } from '../../src/alexa/endpoint';
import { speaksTo } from '../../src/alexa/languages';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../skill/skill.json'), 'utf8')) as {
  manifest: { publishingInformation: { locales: Record<string, unknown> } };
};
const LOCALES = Object.keys(manifest.manifest.publishingInformation.locales);

/** The interfaces that can carry each TV function, from their pages' directives. */
const CARRIERS: Record<string, readonly string[]> = {
  power: ['Alexa.PowerController'],
  channel: ['Alexa.ChannelController'],
  volume: ['Alexa.Speaker', 'Alexa.StepSpeaker'],
};

const endpoint = discoveredEndpoint({
  userId: 'u',
  thingId: 'thing-1',
  serviceId: 's',
  deviceName: 'TV',
  gatewayId: 'gw',
});
const declared = (endpoint?.capabilities ?? []).map((c) => c.interface);

describe('discovery in every served language', () => {
  it('serves Japanese and every English locale', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['ja-JP', 'en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN']));
  });

  it.each(LOCALES.flatMap((locale) => Object.keys(CARRIERS).map((fn) => [locale, fn] as const)))(
    '%s reaches %s through a declared interface Alexa supports in that language',
    (locale, fn) => {
      const reaching = declared.filter((iface) => (CARRIERS[fn] ?? []).includes(iface) && speaksTo(iface, locale));
      expect(reaching).not.toEqual([]);
    },
  );

  it('declares no interface that none of the served languages can reach', () => {
    const unreachable = declared.filter(
      (iface) => iface !== 'Alexa' && !LOCALES.some((locale) => speaksTo(iface, locale)),
    );
    expect(unreachable).toEqual([]);
  });

  it('would fail for Japanese with StepSpeaker alone, as before Speaker', () => {
    expect(speaksTo('Alexa.StepSpeaker', 'ja-JP')).toBe(false);
    expect(speaksTo('Alexa.Speaker', 'ja-JP')).toBe(true);
  });
});
