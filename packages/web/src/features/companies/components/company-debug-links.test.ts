import { describe, expect, it } from 'vitest';
import { companyDebugLinks } from './company-debug-links';

describe('company debug links (spec §7)', () => {
  it('opens the stored company and its refresh with the session key', () => {
    const links = companyDebugLinks('abc-1', 'tok en');
    expect(links.map((link) => link.label)).toEqual(['Get', 'Invalidate']);
    expect(links[0]?.href).toMatch(/\/api\/company\/get\/abc-1\?key=tok(%20|\+)en$/);
    expect(links[1]?.href).toMatch(/\/api\/company\/invalidate\/abc-1\?key=/);
  });
  it('leaves the key out without a session', () => {
    expect(companyDebugLinks('x', null)[0]?.href).toMatch(/\/api\/company\/get\/x$/);
  });
});
