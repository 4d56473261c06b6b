import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web bundle is the same on every installation, so a contact detail written into it is wrong
 * on every one but ours: e-mails, phones, addresses and community links come from the server's
 * configuration (GET /contact/details, GET /telegram/info) and its defaults live there.
 */
const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reserved names (RFC 2606, RFC 6761) that no one can own: placeholders, not contacts. */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|local|localhost)$/i;

const BANNED: readonly { kind: string; pattern: RegExp; allowed?: (match: string) => boolean }[] = [
  {
    kind: 'e-mail address',
    pattern: /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g,
    allowed: (match) => RESERVED_DOMAIN.test(match.slice(match.indexOf('@') + 1)),
  },
  { kind: 'phone number', pattern: /\+\d{1,3}[\s().-]*\d[\d\s().-]{6,}\d/g },
  {
    kind: 'street address',
    pattern:
      /\b\d+[A-Za-z]?\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Lane|Boulevard|Blvd\.|Square|Place|Drive|Way)\b/g,
  },
  { kind: 'postcode', pattern: /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/g },
  {
    kind: 'community link',
    pattern:
      /\b(?:discord\.gg|discord(?:app)?\.com\/invite|t\.me|telegram\.me|chat\.whatsapp\.com|join\.slack\.com|[a-z0-9-]+\.slack\.com|reddit\.com\/r)\/[A-Za-z0-9_+-]{3,}/g,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const isSource = /\.(tsx?|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource ? [full] : [];
  });
}

/** Every banned detail in a text, as `kind: match`. */
function findContactDetails(text: string): string[] {
  return BANNED.flatMap(({ kind, pattern, allowed }) =>
    [...text.matchAll(pattern)]
      .map((match) => match[0])
      .filter((match) => !allowed?.(match))
      .map((match) => `${kind}: ${match}`),
  );
}

describe('contact details come from the configuration', () => {
  it('recognises each kind of detail it bans, and lets reserved placeholders pass', () => {
    const found = findContactDetails(
      [
        "email: 'support@stockpulse.app',",
        "phone: '+44 20 7946 0321',",
        "address: 'StockPulse Ltd., 20 Market Street, London EC2A 4NE, United Kingdom',",
        "href: 'https://discord.gg/stockpulse',",
        "href: 'https://t.me/stockpulse_news',",
        'placeholder="you@example.com" from="no-reply@stockpulse.local"',
        'a deep link `https://t.me/<bot>?start=<code>`',
      ].join('\n'),
    );
    expect(found).toEqual([
      'e-mail address: support@stockpulse.app',
      'phone number: +44 20 7946 0321',
      'street address: 20 Market Street',
      'postcode: EC2A 4NE',
      'community link: discord.gg/stockpulse',
      'community link: t.me/stockpulse_news',
    ]);
  });

  it('finds no e-mail, phone, street address or community link in the web source', () => {
    const files = sourceFiles(SOURCE_ROOT);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      findContactDetails(readFileSync(file, 'utf8')).map(
        (detail) => `${path.relative(SOURCE_ROOT, file)}: ${detail}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
