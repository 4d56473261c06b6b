/**
 * Checks an answer against its context, independently of how it was written: every marker names a
 * citation and every citation is used; every number in the text is followed on its line by a
 * marker whose source holds that figure (a quote's fields or the price's distance from its 52-week
 * high and low; an article's title, summary, text or scores; an analysis's text or score).
 */
import type {
  AssistantAnswer,
  AssistantContext,
  Citation,
  NewsFact,
} from '../../assistant-provider.ts';

/** A figure as written: `$1,234.50`, `+3.2%`, `-0.4`; not part of a word (`3M`, `Q3`, `FY2026`). */
const NUMBER = /(?<![\w.[])[+\-−]?\$?\d[\d,]*(?:\.\d+)?%?(?![\w])/g;
/** `52-week`, `365-day`: labels, not figures. */
const LABEL = /^-(?:week|day|month|year|session)/;

interface Written {
  value: number;
  decimals: number;
}

function parse(token: string): Written {
  const digits = token.replace(/[+\-−$,%]/g, '');
  const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
  return { value: Math.abs(Number(digits)), decimals };
}

function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((m) => parse(m[0]).value);
}

function articleOf(
  context: AssistantContext,
  id: string,
): (NewsFact & { text?: string }) | undefined {
  if (context.article?.id === id) return context.article;
  for (const c of context.companies) {
    const found = c.news.find((n) => n.id === id);
    if (found) return found;
  }
  return context.market?.find((n) => n.id === id);
}

/** The figures a citation's source holds. */
export function sourceFigures(citation: Citation, context: AssistantContext): number[] {
  if (citation.kind === 'article') {
    const item = articleOf(context, citation.id);
    if (!item) return [];
    return [
      ...numbersIn(`${item.title} ${item.summary} ${item.text ?? ''}`),
      item.sentiment_score ?? NaN,
      item.interest_score ?? NaN,
      item.defcon_level ?? NaN,
    ];
  }
  const company = context.companies.find((c) => c.exchange_ticker === citation.exchange_ticker);
  if (!company) return [];
  if (citation.kind === 'analysis') {
    const a = company.analysis;
    return a ? [...numbersIn(a.markdown), a.sentiment_score ?? NaN] : [];
  }
  const q = company.quote;
  if (!q) return [];
  const figures = [
    q.price,
    q.change_pct_1,
    q.change_pct_8,
    q.change_pct_31,
    q.change_pct_365,
    q.low_52w,
    q.high_52w,
  ];
  if (q.high_52w) figures.push(((q.price - q.high_52w) / q.high_52w) * 100);
  if (q.low_52w) figures.push(((q.price - q.low_52w) / q.low_52w) * 100);
  return figures.filter((f): f is number => f !== null);
}

function matches(written: Written, figure: number): boolean {
  return Math.abs(written.value - Math.abs(figure)) <= 0.5 * 10 ** -written.decimals + 1e-9;
}

/** What is wrong with the answer's citations; empty when every cited number checks out. */
export function citationErrors(answer: AssistantAnswer, context: AssistantContext): string[] {
  const errors: string[] = [];
  const used = new Set<number>();
  for (const m of answer.text.matchAll(/\[(\d+)\]/g)) {
    const n = Number(m[1]);
    used.add(n);
    if (!answer.citations[n - 1]) errors.push(`marker [${n}] has no citation`);
  }
  answer.citations.forEach((_c, i) => {
    if (!used.has(i + 1)) errors.push(`citation ${i + 1} is not used`);
  });
  for (const line of answer.text.split('\n')) {
    for (const m of line.matchAll(NUMBER)) {
      const after = line.slice(m.index + m[0].length);
      if (LABEL.test(after)) continue;
      const marker = /\[(\d+)\]/.exec(after);
      const citation = marker ? answer.citations[Number(marker[1]) - 1] : undefined;
      if (!citation) {
        errors.push(`"${m[0]}" has no citation after it: ${line.slice(0, 120)}`);
        continue;
      }
      const written = parse(m[0]);
      if (!sourceFigures(citation, context).some((f) => matches(written, f))) {
        errors.push(
          `"${m[0]}" is not a figure of its source (${citation.kind}): ${line.slice(0, 120)}`,
        );
      }
    }
  }
  return errors;
}
