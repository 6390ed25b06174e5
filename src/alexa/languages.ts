// The languages in which Alexa maps speech to each smart-home interface a TV declares: a directive only
// comes in a language listed for it. Discovery picks, per TV function, an interface covering every locale
// the skill serves. Sources: Amazon's "List of Alexa Interfaces and Supported Languages",
// https://developer.amazon.com/docs/device-apis/list-of-interfaces.html; docs/smart-home.md#languages.
import { INTERFACES } from './interfaces';

/** Each interface's languages, as its module (interfaces/) states them. */
export const SMART_HOME_LANGUAGES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  INTERFACES.map((i) => [i.name, i.languages]),
);

/** True when Alexa maps speech in `locale` to `iface`. */
export function speaksTo(iface: string, locale: string): boolean {
  return SMART_HOME_LANGUAGES[iface]?.includes(locale) ?? false;
}
