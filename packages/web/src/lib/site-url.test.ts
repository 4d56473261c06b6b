import { describe, expect, it } from 'vitest';
import { absoluteSiteUrl } from './site-url';

const DOMAINS = { mainOrigin: 'https://stockpulse.app', alternateHosts: ['www.stockpulse.app'] };

describe('absoluteSiteUrl', () => {
  it('rewrites the alternate domain to the main domain, keeping path and hash', () => {
    expect(absoluteSiteUrl('/n/42#CHIP_NEWS', 'https://www.stockpulse.app', DOMAINS)).toBe(
      'https://stockpulse.app/n/42#CHIP_NEWS',
    );
  });

  it('rewrites an alternate host served over http to the https main origin', () => {
    expect(absoluteSiteUrl('/n/42', 'http://WWW.stockpulse.app', DOMAINS)).toBe(
      'https://stockpulse.app/n/42',
    );
  });

  it('keeps the main domain and other hosts (development, previews) as they are', () => {
    expect(absoluteSiteUrl('/n/42', 'https://stockpulse.app', DOMAINS)).toBe(
      'https://stockpulse.app/n/42',
    );
    expect(absoluteSiteUrl('/n/42', 'http://localhost:5173', DOMAINS)).toBe(
      'http://localhost:5173/n/42',
    );
  });

  it('uses the site configuration by default', () => {
    expect(absoluteSiteUrl('/about', 'https://www.stockpulse.app')).toBe(
      'https://stockpulse.app/about',
    );
  });
});
