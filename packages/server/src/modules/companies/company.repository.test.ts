import { describe, expect, it } from 'vitest';
import { wordPrefixQuery } from './company.repository.ts';

describe('wordPrefixQuery', () => {
  it('turns typed words into a prefix tsquery of letters and digits only', () => {
    expect(wordPrefixQuery('Micro Dev')).toBe("'micro':* & 'dev':*");
    expect(wordPrefixQuery("energy' | !x:* & (")).toBe("'energy':* & 'x':*");
    expect(wordPrefixQuery('Société Générale')).toBe("'société':* & 'générale':*");
  });

  it('is null below three letters, so one-letter prefixes never scan every name', () => {
    expect(wordPrefixQuery('ab')).toBeNull();
    expect(wordPrefixQuery(' :: ')).toBeNull();
  });
});
