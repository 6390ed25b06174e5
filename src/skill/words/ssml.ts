// Helpers the locale files share: user-chosen text made safe inside <speak>, the digit-by-digit code.
export function ssmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const spokenDigits = (code: string): string => `<say-as interpret-as="digits">${code}</say-as>`;
