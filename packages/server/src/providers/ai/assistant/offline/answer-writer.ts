/**
 * How the offline analyst writes: sections of sentences (or bullets) with citation markers,
 * rendered as markdown or plain text, without a repeated sentence, ending with the not-advice
 * line. User data (titles, names, summaries) goes through `text()` so it can never read as markup
 * or as a citation marker.
 */
import {
  NOT_ADVICE_LINE,
  type Citation,
  type CompanyContext,
  type NewsFact,
} from '../assistant-provider.ts';
import { renumberCitations } from '../citations.ts';

export interface Section {
  title?: string;
  /** Sentences (each ending with its markers), or bullet items when `list` is set. */
  lines: string[];
  list?: boolean;
}

export interface Writer {
  readonly markdown: boolean;
  /** User data made safe for the output format. */
  text: (raw: string) => string;
  /** A company's label: `Apple Inc. (NASDAQ:AAPL)`, bold in markdown. */
  label(company: CompanyContext, bold?: boolean): string;
  /** Marker of the company's quote (its `as_of`). */
  quote(company: CompanyContext): string;
  article(item: NewsFact): string;
  /** Whether the article was cited earlier in this answer. */
  cited(item: NewsFact): boolean;
  analysis(company: CompanyContext): string;
}

export interface RenderedAnswer {
  text: string;
  citations: Citation[];
}

function escapeMarkdown(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/([\\`*_<>#|~])/g, '\\$1');
}

function plain(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().replace(/\[/g, '(').replace(/\]/g, ')');
}

/** Where a sentence ends: after `.`, `!` or `?` and before a capital, a quote or markup. */
export const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z*"“])/;

/** A sentence as compared for repeats: no markers, no markup, no case. */
export function sentenceKey(sentence: string): string {
  return sentence
    .replace(/\[\d+\]/g, '')
    .replace(/[*_\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function createWriter(markdown: boolean) {
  const sources: Citation[] = [];
  const byKey = new Map<string, number>();
  const text = markdown ? escapeMarkdown : plain;

  function marker(key: string, make: () => Citation): string {
    let n = byKey.get(key);
    if (n === undefined) {
      n = sources.push(make());
      byKey.set(key, n);
    }
    return `[${n}]`;
  }

  const writer: Writer = {
    markdown,
    text,
    label(company, bold = true) {
      const name = `${text(company.company_name)} (${company.exchange_ticker})`;
      return bold && markdown ? `**${name}**` : name;
    },
    quote: (company) =>
      marker(`quote:${company.exchange_ticker}`, () => ({
        kind: 'quote',
        exchange_ticker: company.exchange_ticker,
        as_of: company.quote?.as_of ?? new Date(0),
      })),
    cited: (item) => byKey.has(`article:${item.id}`),
    article: (item) =>
      marker(`article:${item.id}`, () => ({
        kind: 'article',
        id: item.id,
        title: item.title,
        publisher: item.publisher,
        date: item.date,
      })),
    analysis: (company) =>
      marker(`analysis:${company.company_id}`, () => ({
        kind: 'analysis',
        company_id: company.company_id,
        exchange_ticker: company.exchange_ticker,
        date: company.analysis?.date ?? new Date(0),
      })),
  };

  /** The answer: sections in order, repeats dropped, markers renumbered, the not-advice line last. */
  function render(sections: readonly Section[], options: { lead?: string[] } = {}): RenderedAnswer {
    const seen = new Set<string>();
    // Lines hold several sentences: a sentence said once is not said again, in any line.
    // A dropped sentence's markers move to the kept sentence before it when that one has none,
    // so a figure never loses its citation.
    const fresh = (line: string): string => {
      const kept: string[] = [];
      for (const sentence of line.split(SENTENCE_END)) {
        const key = sentenceKey(sentence);
        if (key && !seen.has(key)) {
          seen.add(key);
          kept.push(sentence);
          continue;
        }
        const markers = sentence.match(/\[\d+\]/g)?.join('') ?? '';
        const last = kept.at(-1);
        if (markers && last !== undefined && !/\[\d+\]/.test(last)) {
          kept[kept.length - 1] = last.replace(/([.!?:]?)$/, ` ${markers}$1`);
        }
      }
      return kept.join(' ');
    };
    const blocks: string[] = [];
    const lead = (options.lead ?? []).map(fresh).filter(Boolean);
    // Markdown joins single line breaks into one paragraph: each lead line is its own paragraph.
    if (lead.length > 0) blocks.push(lead.join(markdown ? '\n\n' : '\n'));
    for (const section of sections) {
      const lines = section.lines.map(fresh).filter(Boolean);
      if (lines.length === 0) continue;
      const body = section.list ? lines.map((l) => `- ${l}`).join('\n') : lines.join(' ');
      if (!section.title) blocks.push(body);
      else if (markdown) blocks.push(`**${section.title}**\n\n${body}`);
      else blocks.push(`${section.title}:\n${body}`);
    }
    blocks.push(NOT_ADVICE_LINE);
    return renumberCitations(blocks.join('\n\n'), sources);
  }

  return { writer, render };
}
