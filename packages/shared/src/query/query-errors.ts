const SHOWN_LENGTH = 60;

/** Quotes user input for an error message, cut short so a 500-character value stays readable. */
export function quoted(text: string): string {
  // By code point, so a cut never splits a surrogate pair.
  const chars = Array.from(text);
  const shown = chars.length > SHOWN_LENGTH ? `${chars.slice(0, SHOWN_LENGTH).join('')}…` : text;
  return `'${shown}'`;
}

/** `Invalid value for 'price__gte': expected a number, got 'abc'`. */
export function invalidValue(param: string, expected: string, raw: string): string {
  return `Invalid value for ${quoted(param)}: expected ${expected}, got ${quoted(raw)}`;
}
