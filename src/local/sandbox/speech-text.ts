// Alexa speaks SSML; the console prints what a person would hear.
export function ssmlToText(ssml: string | undefined): string {
  if (!ssml) return '';
  return ssml
    .replace(/<break[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text of an outputSpeech object of either type. */
export function speechText(outputSpeech: unknown): string {
  if (typeof outputSpeech !== 'object' || outputSpeech === null) return '';
  const o = outputSpeech as { type?: unknown; ssml?: unknown; text?: unknown };
  if (typeof o.ssml === 'string') return ssmlToText(o.ssml);
  return typeof o.text === 'string' ? o.text.trim() : '';
}
