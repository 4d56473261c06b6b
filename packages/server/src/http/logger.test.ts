import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('redacts key, token and password in any position, keeping the rest as sent', () => {
    expect(redactUrl('/x?a=1&key=abc&token=def#h')).toBe(
      '/x?a=1&key=[Redacted]&token=[Redacted]#[Redacted]',
    );
    expect(redactUrl('/x?password=hunter2&b=%20two+words')).toBe(
      '/x?password=[Redacted]&b=%20two+words',
    );
  });

  it.each([
    ['/api/user/get/me?k%65y=SECRET', '/api/user/get/me?k%65y=[Redacted]'],
    ['/api/user/get/me?%6Bey=SECRET', '/api/user/get/me?%6Bey=[Redacted]'],
    ['/api/user/get/me?%6b%65%79=SECRET', '/api/user/get/me?%6b%65%79=[Redacted]'],
    ['/api/user/get/me?KEY=SECRET', '/api/user/get/me?KEY=[Redacted]'],
    ['/api/user/get/me?Token=SECRET', '/api/user/get/me?Token=[Redacted]'],
    ['/api/user/get/me?pass%77ord=SECRET', '/api/user/get/me?pass%77ord=[Redacted]'],
  ])('redacts a secret whose name is encoded or capitalised: %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('redacts every repetition of a secret parameter', () => {
    expect(redactUrl('/x?key=ONE&a=1&key=TWO&k%65y=THREE')).toBe(
      '/x?key=[Redacted]&a=1&key=[Redacted]&k%65y=[Redacted]',
    );
  });

  it('redacts an encoded or empty value, and leaves a bare name that carries none', () => {
    expect(redactUrl('/x?key=SE%43RET%')).toBe('/x?key=[Redacted]');
    expect(redactUrl('/x?key=')).toBe('/x?key=[Redacted]');
    expect(redactUrl('/x?key&a=1')).toBe('/x?key&a=1');
  });

  it('does not throw on malformed percent sequences and still redacts what it can name', () => {
    expect(() => redactUrl('/x?%E0%A4%A=1&key=SECRET&%zz=2&a=%')).not.toThrow();
    expect(redactUrl('/x?%E0%A4%A=1&key=SECRET&%zz=2&a=%')).toBe(
      '/x?%E0%A4%A=1&key=[Redacted]&%zz=2&a=%',
    );
    expect(redactUrl('/x?k%6=SECRET')).toBe('/x?k%6=SECRET');
  });

  it('leaves names that only contain a secret word and URLs without a query alone, and drops a fragment', () => {
    expect(redactUrl('/x?monkey=1&keys=2&token_type=3')).toBe('/x?monkey=1&keys=2&token_type=3');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/health?')).toBe('/api/health?');
    expect(redactUrl('/x#key=1')).toBe('/x#[Redacted]');
  });
});
