import { describe, it, expect } from 'vitest';
import { displayTitle } from './title.ts';

describe('displayTitle', () => {
  it('shows "---" for a title containing the word cookies', () => {
    expect(displayTitle('We use cookies on this site')).toBe('---');
  });

  it('matches the word cookies case-insensitively and next to punctuation', () => {
    expect(displayTitle('COOKIES policy')).toBe('---');
    expect(displayTitle('About Cookies.')).toBe('---');
    expect(displayTitle('cookies-consent banner')).toBe('---');
    expect(displayTitle('cookies')).toBe('---');
  });

  it('does not hide titles where cookies is only part of a word or the singular', () => {
    expect(displayTitle('Mycookies shares rally')).toBe('Mycookies shares rally');
    expect(displayTitle('Cookiesmith IPO')).toBe('Cookiesmith IPO');
    expect(displayTitle('Cookie maker beats estimates')).toBe('Cookie maker beats estimates');
  });

  it('hides a long title whose word cookies falls after the tenth word', () => {
    expect(displayTitle('one two three four five six seven eight nine ten eleven cookies')).toBe(
      '---',
    );
  });

  it('keeps a title of exactly 10 words unchanged', () => {
    const title = 'one two three four five six seven eight nine ten';
    expect(displayTitle(title)).toBe(title);
  });

  it('cuts a title over 10 words to the first 10 words plus an ellipsis', () => {
    expect(displayTitle('one two three four five six seven eight nine ten eleven')).toBe(
      'one two three four five six seven eight nine ten…',
    );
  });

  it('counts words separated by runs of whitespace only once', () => {
    expect(displayTitle('a  b\tc\nd e f g h i j   k')).toBe('a b c d e f g h i j…');
  });

  it('trims surrounding whitespace', () => {
    expect(displayTitle('  Markets open higher  ')).toBe('Markets open higher');
  });

  it('shows an empty string for a null, undefined, empty or blank title', () => {
    expect(displayTitle(null)).toBe('');
    expect(displayTitle(undefined)).toBe('');
    expect(displayTitle('')).toBe('');
    expect(displayTitle('   ')).toBe('');
  });
});
