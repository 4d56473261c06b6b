import { splitSymbol } from '@app/shared/symbols';
import type { NewsEntity } from '../../db/schema.ts';
import {
  AMBIGUOUS_WORDS,
  COMPANY_SUFFIXES,
  DESCRIPTOR_WORDS,
  EXTRA_ALIASES,
} from './linker-words.ts';

/** A company as the linker needs it: its name and its `EXCHANGE:TICKER` listings. */
export type LinkerCompany = { company_name: string; exchange_tickers: readonly string[] };

export type TickerLinks = {
  /** Every listing the text refers to, in order of first mention. */
  related_exchange_tickers: string[];
  /** The companies named, with the listings found for each. */
  NER: NewsEntity[];
  /** Listings the text names by symbol (`$AAPL`, `NASDAQ:AAPL`, `AAPL`), not only by name. */
  named_exchange_tickers: string[];
};

export type TickerLinker = { link(text: string): TickerLinks; readonly size: number };

type Token = { key: string; raw: string; start: number; end: number };
type Kind = 'name' | 'cashtag' | 'exchange' | 'ticker';
/** Companies sharing a display name (share classes) form one group: one entity. */
type Group = { name: string; tickers: string[] };
type Candidate = {
  kind: Kind;
  group: Group;
  tickers: string[];
  /** The pattern's tokens as written in the name or symbol (case checks). */
  raw: string[];
  /** Counts only with context (a common word, a one- or two-letter ticker). */
  weak: boolean;
};
type TrieNode = { next: Map<string, TrieNode>; candidates: Candidate[] };
type Match = { candidate: Candidate; first: number; last: number };

const TOKEN = /[\p{L}\p{N}]+|[$&:().'’!-]/gu;
const EXCHANGES: Record<string, string[][]> = {
  NASDAQ: [['nasdaq']],
  NYSE: [['nyse']],
  NYSEARCA: [['nysearca'], ['nyse', 'arca']],
  NYSEAMERICAN: [['nyseamerican'], ['nyse', 'american']],
};
const CONTEXT_AFTER = new Set(['shares', 'stock', 'stocks']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0] === '’' ? "'" : match[0];
    tokens.push({ key: raw.toLowerCase(), raw, start: match.index, end: match.index + raw.length });
  }
  return tokens;
}

const isWord = (key: string) => /[\p{L}\p{N}]/u.test(key);
const startsUpper = (raw: string) => /^[\p{Lu}\p{N}]/u.test(raw);

/** Name forms of a company: the full name, then shorter ones without legal suffixes. */
export function companyAliases(companyName: string): string[][] {
  const base = companyName.replace(/\([^)]*\)/g, ' ');
  let words = tokenize(base)
    .map((t) => t.raw)
    .filter((raw) => raw !== '(' && raw !== ')');
  if (words[0]?.toLowerCase() === 'the' && words.length > 1) words = words.slice(1);
  const aliases: string[][] = [];
  const add = (alias: string[]) => {
    const trimmed = [...alias];
    while (trimmed.length > 0 && !isWord(trimmed[trimmed.length - 1]?.toLowerCase() ?? '')) {
      trimmed.pop();
    }
    if (trimmed.length > 0 && !aliases.some((a) => a.join(' ') === trimmed.join(' '))) {
      aliases.push(trimmed);
    }
  };
  add(words);
  let current = words;
  for (;;) {
    const last = current[current.length - 1]?.toLowerCase() ?? '';
    if (current.length <= 1 || !(COMPANY_SUFFIXES.has(last) || !isWord(last))) break;
    current = current.slice(0, -1);
    if (isWord(current[current.length - 1]?.toLowerCase() ?? '')) add(current);
  }
  // `Cisco Systems` → `Cisco`: a descriptor dropped when one distinctive word remains.
  const core = aliases[aliases.length - 1] ?? [];
  const head = core[0] ?? '';
  if (core.length === 2 && DESCRIPTOR_WORDS.has(core[1]?.toLowerCase() ?? '') && head.length >= 4) {
    add([head]);
  }
  return aliases.filter((alias) => {
    const key = alias.join('').toLowerCase();
    // One- and two-letter names (`HP`, `BP`, `3M`) only as written; `On` is never a name alone.
    return !(alias.length === 1 && key.length <= 2 && AMBIGUOUS_WORDS.has(key));
  });
}

/**
 * Builds one token trie over every company name, alias, ticker, `$TICKER` and
 * `EXCHANGE:TICKER` of the given companies. Linking a text is one left-to-right pass over its
 * tokens (longest match at each position), independent of the number of companies.
 */
export function createTickerLinker(companies: readonly LinkerCompany[]): TickerLinker {
  const root: TrieNode = { next: new Map(), candidates: [] };
  const insert = (raw: string[], candidate: Omit<Candidate, 'raw'>) => {
    let node = root;
    for (const part of raw) {
      const key = part.toLowerCase();
      let child = node.next.get(key);
      if (!child) {
        child = { next: new Map(), candidates: [] };
        node.next.set(key, child);
      }
      node = child;
    }
    node.candidates.push({ ...candidate, raw });
  };

  const groups = new Map<string, Group>();
  for (const company of companies) {
    const display = company.company_name.replace(/\s*\([^)]*\)/g, '').trim();
    const group = groups.get(display) ?? { name: display, tickers: [] };
    groups.set(display, group);
    group.tickers.push(...company.exchange_tickers);
  }
  let size = 0;
  for (const group of groups.values()) {
    const extra = group.tickers.flatMap((ticker) => EXTRA_ALIASES[ticker] ?? []);
    const aliases = [
      ...companyAliases(group.name),
      ...[...new Set(extra)].map((a) => tokenize(a).map((t) => t.raw)),
    ];
    for (const alias of aliases) {
      const key = alias.join(' ').toLowerCase();
      const weak = alias.length === 1 && AMBIGUOUS_WORDS.has(key);
      insert(alias, { kind: 'name', group, tickers: group.tickers, weak });
      size += 1;
    }
    for (const exchangeTicker of group.tickers) {
      const { exchange, ticker } = splitSymbol(exchangeTicker);
      const parts = tokenize(ticker).map((t) => t.raw);
      const tickers = [exchangeTicker];
      for (const prefix of EXCHANGES[exchange] ?? [[exchange.toLowerCase()]]) {
        insert([...prefix, ':', ...parts], { kind: 'exchange', group, tickers, weak: false });
      }
      insert(['$', ...parts], { kind: 'cashtag', group, tickers, weak: false });
      const letters = ticker.replace(/[^A-Za-z0-9]/g, '');
      const weak = letters.length <= 2 || AMBIGUOUS_WORDS.has(ticker.toLowerCase());
      insert(parts, { kind: 'ticker', group, tickers, weak });
      size += 3;
    }
  }

  /** Does the text at tokens[first..] have the case and spacing the candidate requires? */
  const fits = (candidate: Candidate, tokens: Token[], first: number): boolean => {
    for (let k = 0; k < candidate.raw.length; k += 1) {
      const token = tokens[first + k];
      const expected = candidate.raw[k] ?? '';
      if (!token) return false;
      const adjacent = k === 0 || (tokens[first + k - 1]?.end ?? -1) === token.start;
      if (candidate.kind === 'name') {
        if (!isWord(token.key) || token.raw === expected) continue;
        // `HP`, `BP`, `3M`: a name this short only as written.
        if (!startsUpper(token.raw) || (candidate.raw.length === 1 && expected.length <= 2)) {
          return false;
        }
      } else if (candidate.kind === 'cashtag' || candidate.kind === 'ticker') {
        if (!adjacent || (isWord(token.key) && token.raw !== expected)) return false;
      } else if (k > 0 && candidate.raw[k - 1] === ':') {
        if (token.raw !== expected) return false;
      }
    }
    if (candidate.kind === 'ticker' || candidate.kind === 'cashtag') {
      // `AAPL.` ends a sentence, but `BRK.B` must not match as `BRK` followed by `.B`.
      const after = tokens[first + candidate.raw.length];
      const before = tokens[first - 1];
      const end = tokens[first + candidate.raw.length - 1]?.end ?? -1;
      if (after && after.start === end && isWord(after.key)) return false;
      if (candidate.kind === 'ticker' && before && before.end === tokens[first]?.start) {
        if (before.key === '$' || before.key === ':' || before.key === '.') return false;
      }
    }
    return true;
  };

  const scan = (tokens: Token[]): Match[] => {
    const matches: Match[] = [];
    let i = 0;
    while (i < tokens.length) {
      let node: TrieNode | undefined = root;
      let best: Match[] = [];
      for (let j = i; j < tokens.length && node; j += 1) {
        node = node.next.get(tokens[j]?.key ?? '');
        if (!node || node.candidates.length === 0) continue;
        const fitting = node.candidates
          .filter((candidate) => fits(candidate, tokens, i))
          .map((candidate) => ({ candidate, first: i, last: j }));
        if (fitting.length > 0) best = fitting;
      }
      matches.push(...best);
      i = best.length > 0 ? (best[0]?.last ?? i) + 1 : i + 1;
    }
    return matches;
  };

  const link = (text: string): TickerLinks => {
    const tokens = tokenize(text);
    const matches = scan(tokens);
    const confirmed = new Set(
      matches.filter((m) => !m.candidate.weak).map((m) => m.candidate.group),
    );
    const accepted = matches.filter((match) => {
      const { candidate, first, last } = match;
      if (!candidate.weak || confirmed.has(candidate.group)) return true;
      if (candidate.kind === 'name') {
        const next = tokens[last + 1];
        return (
          next !== undefined && CONTEXT_AFTER.has(next.key) && startsUpper(tokens[first]?.raw ?? '')
        );
      }
      // `ServiceNow (NOW)`: a short ticker in parentheses right after its company's name.
      if (tokens[first - 1]?.key !== '(' || tokens[last + 1]?.key !== ')') return false;
      return matches.some(
        (m) =>
          m.candidate.kind === 'name' &&
          m.candidate.group === candidate.group &&
          m.last < first &&
          m.last >= first - 5,
      );
    });

    const related: string[] = [];
    const named: string[] = [];
    const entities = new Map<Group, NewsEntity>();
    for (const { candidate } of accepted) {
      const entity = entities.get(candidate.group) ?? { name: candidate.group.name, tickers: [] };
      entities.set(candidate.group, entity);
      for (const ticker of candidate.tickers) {
        if (!related.includes(ticker)) related.push(ticker);
        if (!entity.tickers.includes(ticker)) entity.tickers.push(ticker);
        if (candidate.kind !== 'name' && !named.includes(ticker)) named.push(ticker);
      }
    }
    return {
      related_exchange_tickers: related,
      NER: [...entities.values()],
      named_exchange_tickers: named,
    };
  };

  return { link, size };
}
