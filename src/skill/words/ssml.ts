// Helpers the locale files share: the one way a name (or anything else not written by us) goes into
// speech, and the digit-by-digit code.
import { withoutXmlForbidden } from '../../text';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text made safe inside <speak>: every character XML 1.0 forbids (U+FFFE, U+FFFF, lone surrogates,
 * controls) removed, and the markup characters escaped. Every sentence that says a name, a channel or
 * what Alexa heard goes through here, so the response is always valid SSML.
 */
export function ssmlText(text: string): string {
  return withoutXmlForbidden(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export const spokenDigits = (code: string): string => `<say-as interpret-as="digits">${code}</say-as>`;
