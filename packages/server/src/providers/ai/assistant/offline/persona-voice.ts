/**
 * The personas offline: each adds its emphasis (cited facts of its own) and its voice around the
 * answer; none changes a fact. No bullshit keeps three lines; the parody is labelled as such and
 * quotes nobody.
 */
import type { CompanyContext } from '../assistant-provider.ts';
import type { Persona } from '../personas.ts';
import type { Section, Writer } from './answer-writer.ts';
import type { AnswerInput } from './answers-market.ts';
import { concentration } from './answers-news.ts';
import {
  changeOf,
  newsOf,
  newsSentence,
  pct,
  rangeSentence,
  yearSentence,
} from './company-facts.ts';

export interface Voiced {
  lead: string[];
  sections: Section[];
}

/** A business summary sentence, only when it states no figure (it cites no source). */
function businessLine(w: Writer, c: CompanyContext): string | null {
  const summary = c.summary?.trim();
  if (!summary || /\d/.test(summary)) return null;
  return `${w.text(c.company_name)}: ${w.text(summary).replace(/[.!?]+$/, '')}.`;
}

function buffett(input: AnswerInput): Section {
  const { w } = input;
  const lines: string[] = [];
  for (const c of input.companies.slice(0, 3)) {
    const business = businessLine(w, c);
    if (business) lines.push(business);
    const year = yearSentence(w, c);
    if (year) lines.push(year);
  }
  lines.push(
    'Ask whether each business has a moat (a brand, a network, a cost advantage rivals cannot copy) that will still be there in a decade; that matters more than this week’s move.',
  );
  return { title: 'The long view', lines };
}

function graham(input: AnswerInput): Section {
  const { w } = input;
  const lines = input.companies
    .slice(0, 4)
    .map((c) => rangeSentence(w, c))
    .filter((l) => l !== null);
  lines.push(
    'A price near the 52-week low leaves more room for error than one near the high, but only if the business is sound: your data has no balance-sheet figures, so check debt, the current ratio and the stability of earnings before relying on it.',
  );
  return { title: 'Margin of safety', lines };
}

function dalio(input: AnswerInput): Section {
  const { w, companies, now } = input;
  const lines: string[] = [];
  const spread = concentration({
    ...input,
    companies: input.all.length > companies.length ? input.all : companies,
  });
  if (spread) lines.push(spread);
  const swings = companies
    .filter((c) => changeOf(c, 365) !== null)
    .sort((a, b) => Math.abs(changeOf(b, 365) ?? 0) - Math.abs(changeOf(a, 365) ?? 0));
  const wild = swings[0];
  const calm = swings.at(-1);
  if (wild && calm && wild !== calm) {
    const figure = (c: CompanyContext) =>
      `${w.text(c.company_name)} (${pct(changeOf(c, 365) ?? 0)}) ${w.quote(c)}`;
    lines.push(
      `Risk parity sizes holdings by how much they swing: the widest yearly move here is ${figure(wild)}, the calmest ${figure(calm)}, so the first would get the smaller weight.`,
    );
  }
  const macro = newsOf(input.all)
    .filter(
      (n) => n.classification && /Central Bank|Economic|Market News|Sector/.test(n.classification),
    )
    .slice(0, 2);
  for (const item of macro)
    lines.push(`Macro backdrop: ${newsSentence(w, item, now, { summary: false })}`);
  lines.push(
    'Think about what drives each holding (growth, inflation, rates) and whether they all depend on the same one.',
  );
  return { title: 'Diversification and the machine', lines };
}

const UP_WORDS = ['Tremendous', 'Beautiful', 'Huge', 'Fantastic', 'Incredible', 'Very strong'];
const DOWN_WORDS = ['Sad', 'Not good', 'Very unfair', 'Terrible', 'A total disaster', 'Weak'];

/** Superlatives in front of the lines, each word once; the facts stay as they are. */
function parodyLines(sections: Section[]): Section[] {
  let up = 0;
  let down = 0;
  return sections.map((s) => ({
    ...s,
    lines: s.lines.map((line) => {
      // The direction of the line's first signed figure (or its verb); none, no superlative.
      const sign = /(?:^|[\s(])([+-])\d|\b(rose|fell)\b/.exec(line);
      if (!sign) return line;
      const negative = sign[1] === '-' || sign[2] === 'fell';
      const word = negative ? DOWN_WORDS[down++] : UP_WORDS[up++];
      return word ? `${word}! ${line}` : line;
    }),
  }));
}

/** An article line without its summary: the title, source and scores, then the citation. */
const NEWS_LINE = /^((?:\*[^*]+\*|"[^"]+") \([^)]*\)): .+?( (?:\[\d+\])+\.)$/;

/**
 * Three lines: the first cited sentence of each section in turn, then whatever is left. Blunt
 * means short: an article is named by its headline, not retold.
 */
function blunt(sections: Section[]): string[] {
  // One sentence a line: a cited sentence ends with its markers and a full stop.
  const units = sections.map((s) =>
    s.lines.flatMap((l) => l.split(/(?<=\]\.)\s+/)).map((l) => l.replace(NEWS_LINE, '$1$2')),
  );
  const picked: string[] = [];
  for (let round = 0; picked.length < 3 && units.some((u) => u.length > round); round++) {
    for (const u of units) {
      const cited = u.filter((l) => /\[\d+\]/.test(l));
      const line = cited[round];
      if (line && picked.length < 3 && !picked.includes(line)) picked.push(line);
    }
  }
  for (const line of units.flat())
    if (picked.length < 3 && !picked.includes(line)) picked.push(line);
  return picked.length > 0 ? picked : ['Nothing in your data answers that.'];
}

export function applyPersona(
  persona: Persona,
  input: AnswerInput,
  sections: Section[],
  factual: boolean,
): Voiced {
  switch (persona.emphasis) {
    case 'buffett':
      return {
        lead: ['Think like an owner of the business, not a renter of the stock.'],
        sections: factual && input.companies.length > 0 ? [buffett(input), ...sections] : sections,
      };
    case 'graham':
      return {
        lead: ['The intelligent investor weighs the price against what the business is worth.'],
        sections: factual && input.companies.length > 0 ? [graham(input), ...sections] : sections,
      };
    case 'dalio':
      return {
        lead: [
          'Look at it as a machine: what drives each holding, and do they all depend on the same thing?',
        ],
        sections: factual && input.companies.length > 0 ? [dalio(input), ...sections] : sections,
      };
    case 'blunt':
      return { lead: blunt(sections), sections: [] };
    case 'parody':
      return {
        lead: [
          'Parody voice: a Donald Trump-style take for fun, not his words; the facts below are unchanged.',
          'Folks, let me tell you about these numbers.',
        ],
        sections: [
          ...parodyLines(sections),
          { lines: ['Nobody reads a portfolio like this. Nobody.'] },
        ],
      };
    default:
      return { lead: [], sections };
  }
}
