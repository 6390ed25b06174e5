// The languages in which Alexa maps speech to each smart-home interface a TV declares (each module under
// interfaces/ lists its own). Alexa only sends
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
import { INTERFACES } from './interfaces';

/** Each interface's languages, as its module (interfaces/) states them. */
export const SMART_HOME_LANGUAGES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  INTERFACES.map((i) => [i.name, i.languages]),
);

/** True when Alexa maps speech in `locale` to `iface`. */
export function speaksTo(iface: string, locale: string): boolean {
  return SMART_HOME_LANGUAGES[iface]?.includes(locale) ?? false;
}
