// The languages in which Alexa maps speech to each smart-home interface a TV declares. Alexa only sends
// a directive of an interface in a language listed for it: declare one that is not listed for Japanese
// and 「テレビの音量を上げて」 never reaches the skill. Discovery picks, per TV function, an interface that
// covers every locale the skill serves (test/smarthome/languages.test.ts checks it against skill.json).
//
// Sources:
// - Amazon, "List of Alexa Interfaces and Supported Languages",
//   https://developer.amazon.com/docs/device-apis/list-of-interfaces.html (each interface's page, e.g.
//   alexa-speaker.html, links to it for its languages; its Japanese edition lists ChannelController with ja-JP)
// - home-assistant/core, homeassistant/components/alexa/capabilities.py, `supported_locales` of
//   AlexaPowerController, AlexaChannelController, AlexaSpeaker, AlexaStepSpeaker (commit e4e1c48f93cb).
//   It also lists fr-FR for Speaker and StepSpeaker as "not documented"; only documented ones are kept.

export const SMART_HOME_LANGUAGES = {
  'Alexa.PowerController': [
    'ar-SA', 'de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'es-US', 'fr-CA', 'fr-FR',
    'hi-IN', 'it-IT', 'ja-JP', 'pt-BR',
  ],
  'Alexa.ChannelController': [
    'ar-SA', 'de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'es-US', 'fr-CA', 'fr-FR',
    'hi-IN', 'it-IT', 'ja-JP', 'pt-BR',
  ],
  'Alexa.Speaker': ['de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'it-IT', 'ja-JP'],
  // No utterances of its own: Alexa reads it and speaks of an unreachable device in these languages (the
  // list above; the interface's Japanese page, "Alexa.EndpointHealthインターフェース3.1", gives the Japanese
  // answer 「<device name>が応答していません。…」).
  'Alexa.EndpointHealth': [
    'ar-SA', 'de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'es-MX', 'es-US', 'fr-CA', 'fr-FR',
    'hi-IN', 'it-IT', 'ja-JP', 'pt-BR',
  ],
  // Not Japanese: a TV that declared only this one had no voice volume in Japan.
  'Alexa.StepSpeaker': ['de-DE', 'en-AU', 'en-CA', 'en-GB', 'en-IN', 'en-US', 'es-ES', 'it-IT'],
} as const satisfies Record<string, readonly string[]>;

export type SmartHomeInterface = keyof typeof SMART_HOME_LANGUAGES;

/** True when Alexa maps speech in `locale` to `iface`. */
export function speaksTo(iface: string, locale: string): boolean {
  const languages: readonly string[] | undefined = (SMART_HOME_LANGUAGES as Record<string, readonly string[]>)[iface];
  return languages?.includes(locale) ?? false;
}
