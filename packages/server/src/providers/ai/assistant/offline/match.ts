/**
 * Which companies of the context a question names (name, ticker, `$TICKER`, `EXCHANGE:TICKER`,
 * case-insensitive where that is safe), and the names it asks about that are not in the context.
 */
import { splitSymbol } from '@app/shared/symbols';
import type { CompanyContext } from '../assistant-provider.ts';

/** Words that end a company name without being part of what people call it. */
const NAME_SUFFIX =
  /(?:,?\s+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|plc|holdings?|group|class [a-c]|n\.?v|s\.?a|ag|se|the|& co|and co|\(the\)|platforms?|technologies|\.com)\.?)+$/i;

/** First words too generic to stand for a company on their own. */
const GENERIC_FIRST_WORDS = new Set(
  (
    'american bank first general united national international global the new digital public ' +
    'southern northern eastern western royal energy health best ball block target gap'
  ).split(' '),
);

/** Tickers that are everyday words: matched only when written in capitals, `$X` or `EXCHANGE:X`. */
const WORD_TICKERS = new Set(
  (
    'a all are be by c d f go has it k key l low m now o on one or out see so t v well big ' +
    'fast hot cat ma me dd de ge gm hd mo pm re wm am an at do is if in of to up we any can ' +
    'man new run sun was way who why how what when next life real safe cost care huge post'
  ).split(' '),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names people use for a company: full name, name without suffixes, its first word. */
export function nameAliases(name: string): string[] {
  const full = name.trim();
  const aliases = new Set<string>([full.toLowerCase()]);
  let core = full.replace(/^the\s+/i, '');
  for (let i = 0; i < 3; i++) core = core.replace(NAME_SUFFIX, '').trim();
  core = core.replace(/\.com$/i, '');
  if (core.length >= 3) aliases.add(core.toLowerCase());
  const first = core.split(/[\s-]+/)[0] ?? '';
  if (first.length >= 4 && !GENERIC_FIRST_WORDS.has(first.toLowerCase()) && !/[&]/.test(first)) {
    aliases.add(first.toLowerCase().replace(/[,.]$/, ''));
  }
  return [...aliases].filter((a) => a.length >= 3);
}

export interface CompanyMatcher {
  /** The context's companies a text names, in order of first mention. */
  find(text: string): CompanyContext[];
}

export function createCompanyMatcher(companies: readonly CompanyContext[]): CompanyMatcher {
  const loose = new Map<string, CompanyContext>();
  const strict = new Map<string, CompanyContext>();
  for (const c of companies) {
    const { exchange, ticker } = splitSymbol(c.exchange_ticker);
    loose.set(c.exchange_ticker.toLowerCase(), c);
    loose.set(`$${ticker.toLowerCase()}`, c);
    if (exchange && ticker) loose.set(`${exchange.toLowerCase()} ${ticker.toLowerCase()}`, c);
    if (ticker.length >= 2 && !WORD_TICKERS.has(ticker.toLowerCase())) {
      loose.set(ticker.toLowerCase(), c);
    } else if (ticker.length >= 1) strict.set(ticker, c);
    for (const alias of nameAliases(c.company_name)) if (!loose.has(alias)) loose.set(alias, c);
  }
  const alternation = (keys: Iterable<string>) =>
    [...keys]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|');
  const looseRe =
    loose.size > 0 ? new RegExp(`(?<![\\w$:])(${alternation(loose.keys())})(?![\\w])`, 'gi') : null;
  const strictRe =
    strict.size > 0
      ? new RegExp(`(?<![\\w$:])(${alternation(strict.keys())})(?![\\w])`, 'g')
      : null;

  return {
    find(text) {
      const hits: { at: number; company: CompanyContext }[] = [];
      for (const m of looseRe ? text.matchAll(looseRe) : []) {
        const company = loose.get((m[1] ?? '').toLowerCase());
        if (company) hits.push({ at: m.index, company });
      }
      for (const m of strictRe ? text.matchAll(strictRe) : []) {
        // A one-letter capital at the start of a sentence is a word ("A quick question").
        const before = text.slice(0, m.index).trimEnd();
        if ((m[1] ?? '').length === 1 && (before === '' || /[.!?]$/.test(before))) continue;
        const company = strict.get(m[1] ?? '');
        if (company) hits.push({ at: m.index, company });
      }
      hits.sort((a, b) => a.at - b.at);
      return [...new Set(hits.map((h) => h.company))];
    },
  };
}

/** What a question may name that is not a company: the portfolio, pronouns, the market. */
const NOT_A_COMPANY =
  /^(?:(?:my|our|the|this|that|these|those|your|all|each|every)\s+)?(?:portfolio|portfolios|stocks?|shares?|holdings?|watchlist|positions?|selection|companies|company|tickers?|investments?|market|markets|economy|things|it|its|they|them|this|that|everything|everyone|article|news|one|ones|picks?|list|sector|sectors|today|now|me|you|us|doing|going|performing|price|prices)(?:\s+(?:doing|going|today|now|lately|recently|so far|this week|this month))?$/i;

/** Capitalised words that are not company names. */
const NOT_NAMES = new Set(
  (
    'I I’m I’d I’ll I’ve Im What How Why When Which Who Where Is Are Do Does Can Could Should ' +
    'Would Will Tell Give Show Please Thanks Thank Hi Hello Hey And Or But So Also Compare ' +
    'Explain Define Summarise Summarize List Any The A An My Our Your It Its This That Ray Dalio ' +
    'Warren Buffett Benjamin Graham Donald Trump AI Analyst Monday Tuesday Wednesday Thursday ' +
    'Friday Saturday Sunday January February March April May June July August September October ' +
    'November December Fed Federal Reserve Wall Street Dow Jones S&P Nasdaq NASDAQ NYSE US USA ' +
    'U.S. EU UK CEO CFO IPO ETF EPS P/E PE GDP CPI ESG SEC YTD OK Ok Q1 Q2 Q3 Q4 Buy Sell Hold ' +
    'Risks Risk News Watch'
  ).split(' '),
);

const SLOT_PATTERNS = [
  /\bhow (?:is|are|'s|’s|has|have) (.+?) (?:doing|been doing|performing|looking|going|getting on)\b/i,
  /\b(?:news|headlines|stories|updates?) (?:on|about|for|from) (.+?)(?:[?.!]|$)/i,
  /\btell me (?:about|more about) (.+?)(?:[?.!]|$)/i,
  /\bwhat about (.+?)(?:[?.!]|$)/i,
  /\b(?:thoughts on|think (?:of|about)|opinion (?:on|of)|view on) (.+?)(?:[?.!]|$)/i,
  /\bcompare (.+?) (?:and|with|to|vs\.?|versus) (.+?)(?:[?.!]|$)/i,
  /^(?:and|also|now) (.+?)\s*[?.!]?$/i,
  /\bwhy (?:did|is|are|has) (.+?) (?:fall|falling|fell|drop|dropping|rise|rising|up|down|move|moving|jump|slump)/i,
  /\b(?:should i|can i|do i) (?:buy|sell|hold|keep|add) (.+?)(?:[?.!]|$)/i,
];

function cleanSlot(slot: string): string {
  return slot
    .replace(/[?!.,;:]+$/g, '')
    .replace(/^(?:the|shares of|stock of)\s+/i, '')
    .replace(/(?:'s|’s)?\s+(?:stock|shares|share price|today|now|lately|recently)$/i, '')
    .trim();
}

/**
 * Names the question asks about that are not in the context: subjects of "how is X doing",
 * "news on X", "compare X and Y", "what about X", and ticker-like `$XYZ`, `NYSE:XYZ` or
 * capitalised words that name nothing we know.
 */
export function unknownNames(
  question: string,
  matcher: CompanyMatcher,
  isKnownTerm: (text: string) => boolean,
  options: { capitalised: boolean },
): string[] {
  const unknown: string[] = [];
  const consider = (raw: string) => {
    const slot = cleanSlot(raw);
    if (!slot || slot.split(/\s+/).length > 4 || NOT_A_COMPANY.test(slot)) return;
    if (matcher.find(slot).length > 0 || isKnownTerm(slot)) return;
    if (/^(?:it|its|they|them|he|she|this|that|there|you|i|we)\b/i.test(slot)) return;
    if (!unknown.some((u) => u.toLowerCase() === slot.toLowerCase())) unknown.push(slot);
  };
  for (const pattern of SLOT_PATTERNS) {
    const m = pattern.exec(question);
    if (!m) continue;
    for (const group of m.slice(1) as (string | undefined)[]) {
      // "Apple and Tesla" inside one slot: each part is a name.
      for (const part of (group ?? '').split(/\s*(?:,|\band\b|\bor\b|&)\s*/i)) consider(part);
    }
  }
  for (const m of question.matchAll(/(?:\$|\b(?:NASDAQ|NYSE|NYSEARCA|AMEX):)([A-Za-z.]{1,6})\b/g)) {
    if (matcher.find(m[0]).length === 0) consider(m[0]);
  }
  const words = options.capitalised
    ? /(?<![\w$:])([A-Z][A-Za-z&.]{2,}|[A-Z]{2,5})(?![\w])/g
    : /(?<![\w$:])([A-Z]{2,5})(?![\w])/g;
  for (const m of question.matchAll(words)) {
    const word = m[1] ?? '';
    if (m.index === 0 || NOT_NAMES.has(word)) continue;
    if (matcher.find(word).length > 0 || isKnownTerm(word)) continue;
    if (/^[A-Z][a-z]/.test(word) && /[.!?]\s*$/.test(question.slice(0, m.index))) continue;
    consider(word);
  }
  return unknown;
}
