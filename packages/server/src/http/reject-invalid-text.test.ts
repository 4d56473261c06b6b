import { describe, expect, it } from 'vitest';
import { findInvalidText, textProblem } from './reject-invalid-text.ts';

describe('textProblem', () => {
  it('accepts ordinary text, emoji (surrogate pairs) and other control characters', () => {
    for (const text of ['', 'Apple Inc.', 'Zürich 📈', 'tab\tand\nnewline']) {
      expect(textProblem(text)).toBeNull();
    }
  });

  it('refuses NUL and lone surrogates, which PostgreSQL cannot store', () => {
    expect(textProblem('a\u0000b')).toBe('NUL bytes are not allowed.');
    expect(textProblem('\ud800')).toBe('lone Unicode surrogates are not allowed.');
    expect(textProblem('x\udc00')).toBe('lone Unicode surrogates are not allowed.');
  });
});

describe('findInvalidText', () => {
  it('names the nested field, array positions joined by dots as validation errors are', () => {
    const body = { user: { tags: ['ok', 'b\u0000d'] } };
    expect(findInvalidText('body', body)).toBe(
      "Invalid body field 'user.tags.1': NUL bytes are not allowed.",
    );
  });

  it('names the first bad value in document order', () => {
    expect(findInvalidText('body', { a: 'x\u0000', b: '\ud800' })).toBe(
      "Invalid body field 'a': NUL bytes are not allowed.",
    );
  });

  it('checks field names too, printing the bad character escaped', () => {
    expect(findInvalidText('body', { profile: { ['na\u0000me']: 'x' } })).toBe(
      "Invalid body field name 'profile.na\\u0000me': NUL bytes are not allowed.",
    );
    expect(findInvalidText('query', { ['\ud800']: '1' })).toBe(
      "Invalid query parameter name '\\ud800': lone Unicode surrogates are not allowed.",
    );
  });

  it('names query and path parameters as the error handler does', () => {
    expect(findInvalidText('query', { q: ['fine', 'b\u0000'] })).toBe(
      "Invalid query parameter 'q.1': NUL bytes are not allowed.",
    );
    expect(findInvalidText('params', { id: '\u0000' })).toBe(
      "Invalid path parameter 'id': NUL bytes are not allowed.",
    );
  });

  it('checks a body that is a bare string', () => {
    expect(findInvalidText('body', '\u0000')).toBe(
      'Invalid request body: NUL bytes are not allowed.',
    );
  });

  it('passes clean values, numbers, booleans, null and binary bodies', () => {
    const body = { n: 1, b: true, z: null, list: [1, 'two', { three: 3 }], raw: Buffer.from([0]) };
    expect(findInvalidText('body', body)).toBeNull();
    expect(findInvalidText('params', undefined)).toBeNull();
  });

  it('walks JSON nested far deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    expect(findInvalidText('body', deep)).toMatch(/^Invalid body field '0\.0\.0.*NUL bytes/);
  });
});
