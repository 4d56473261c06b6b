/** Explaining a term from the glossary, illustrated with the user's own data when it has some. */
import type { CompanyContext } from '../assistant-provider.ts';
import type { Section } from './answer-writer.ts';
import type { AnswerInput } from './answers-market.ts';
import { concentration } from './answers-news.ts';
import {
  byMateriality,
  changeOf,
  money,
  newsOf,
  newsSentence,
  pct,
  rangeSentence,
} from './company-facts.ts';
import type { GlossaryEntry } from './glossary.ts';

function example(input: AnswerInput, entry: GlossaryEntry): string | null {
  const { w, companies, now } = input;
  const quoted = companies.filter((c) => c.quote);
  const first = quoted[0];
  switch (entry.hook) {
    case 'high52':
    case 'low52': {
      const c = quoted.find(
        (x) => (entry.hook === 'high52' ? x.quote?.high_52w : x.quote?.low_52w) != null,
      );
      const q = c?.quote;
      const value = entry.hook === 'high52' ? q?.high_52w : q?.low_52w;
      if (!c || !q || value == null) return null;
      const which = entry.hook === 'high52' ? 'high' : 'low';
      return `In your data, ${w.text(c.company_name)} has a 52-week ${which} of ${money(q, value)} against a last price of ${money(q, q.price)} ${w.quote(c)}.`;
    }
    case 'range':
      return first ? (rangeSentence(w, first)?.replace(/^/, 'In your data: ') ?? null) : null;
    case 'volatility':
    case 'year': {
      const swings = companies
        .filter((c) => changeOf(c, 365) !== null)
        .sort((a, b) => Math.abs(changeOf(b, 365) ?? 0) - Math.abs(changeOf(a, 365) ?? 0));
      const wild = swings[0];
      const calm = swings.at(-1);
      if (!wild) return null;
      const figure = (c: CompanyContext) =>
        `${w.text(c.company_name)} (${pct(changeOf(c, 365) ?? 0)}) ${w.quote(c)}`;
      return calm && calm !== wild
        ? `In your data, the widest move over the year is ${figure(wild)} and the smallest ${figure(calm)}.`
        : `In your data, ${figure(wild)} over the year.`;
    }
    case 'sector':
      return concentration(input);
    case 'sentiment': {
      const scored = newsOf(companies).filter((n) => n.sentiment_score !== null);
      const best = [...scored].sort(
        (a, b) => (b.sentiment_score ?? 0) - (a.sentiment_score ?? 0),
      )[0];
      return best
        ? `The most positive recent article in your data: ${newsSentence(w, best, now, { summary: false })}`
        : null;
    }
    case 'defcon': {
      const top = newsOf(companies)
        .filter((n) => n.defcon_level !== null)
        .sort(byMateriality)[0];
      return top
        ? `The most material recent article in your data: ${newsSentence(w, top, now, { summary: false })}`
        : null;
    }
    default:
      return companies.length > 0
        ? `Your data does not include ${entry.term} figures, so I can’t quote one for your companies.`
        : null;
  }
}

export function explain(input: AnswerInput, terms: readonly GlossaryEntry[]): Section[] {
  return terms.slice(0, 2).map((entry) => {
    const lines = [entry.text];
    const shown = example(input, entry);
    if (shown) lines.push(shown);
    return { title: input.w.text(entry.term), lines };
  });
}
