import { deviceLabel, pushEndpointProblem, base64UrlBytes } from '@app/shared/api/push';
import { describe, expect, it } from 'vitest';
import { cleanUserAgent, notificationOf, sameOriginPath } from './push-rules.ts';

const SITE = 'https://stockpulse.example';

describe('push rules', () => {
  it('keeps a same-origin URL as its path and sends anything else to the profile', () => {
    expect(sameOriginPath(`${SITE}/news/view?id=1#top`, SITE)).toBe('/news/view?id=1#top');
    expect(sameOriginPath('/company/NASDAQ:AAPL', SITE)).toBe('/company/NASDAQ:AAPL');
    expect(sameOriginPath('https://evil.example/x', SITE)).toBe('/pages/user');
    expect(sameOriginPath('//evil.example/x', SITE)).toBe('/pages/user');
    expect(sameOriginPath('javascript:alert(1)', SITE)).toBe('/pages/user');
    expect(sameOriginPath(undefined, SITE)).toBe('/pages/user');
  });

  it('makes the notification of an instant alert and of a rule’s payload', () => {
    expect(
      notificationOf(
        { title: 'Apple beats', line: 'Revenue up 8 %.', url: `${SITE}/news/view?id=7` },
        'story-7',
        SITE,
      ),
    ).toEqual({
      title: 'Apple beats',
      body: 'Revenue up 8 %.',
      url: '/news/view?id=7',
      tag: 'story-7',
    });
    const long = notificationOf({ subject: 'x'.repeat(500), body: 'y'.repeat(900) }, 'k', SITE);
    expect(long.title).toHaveLength(120);
    expect(long.title.endsWith('…')).toBe(true);
    expect(long.body).toHaveLength(300);
    expect(notificationOf(null, 'k', SITE).title).toBe('StockPulse alert');
  });

  it('accepts only https push endpoints on named public hosts', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/abc')).toMatch(/https/);
    expect(pushEndpointProblem('https://127.0.0.1/x')).toMatch(/address/);
    expect(pushEndpointProblem('https://[::1]/x')).toMatch(/address/);
    expect(pushEndpointProblem('https://localhost/x')).toMatch(/internet/);
    expect(pushEndpointProblem('https://user:pw@push.example.com/x')).toMatch(/password/);
    expect(pushEndpointProblem(`https://push.example.com/${'a'.repeat(1000)}`)).toMatch(/longer/);
    expect(pushEndpointProblem('not a url')).toMatch(/not a URL/);
  });

  it('measures base64url keys', () => {
    expect(base64UrlBytes('A'.repeat(87))).toBe(65);
    expect(base64UrlBytes('A'.repeat(22))).toBe(16);
    expect(base64UrlBytes('AAAA+/==')).toBeNull();
  });

  it('names a device by its browser and system, unknown when the agent does not say', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(deviceLabel('curl/8.0')).toBe('Unknown browser');
    expect(deviceLabel(null)).toBe('Unknown browser');
  });

  it('stores a user agent without control characters', () => {
    expect(cleanUserAgent('Chrome\u0000/1\n')).toBe('Chrome/1');
    expect(cleanUserAgent('')).toBeNull();
    expect(cleanUserAgent('x'.repeat(500))).toHaveLength(300);
  });
});
