import { describe, expect, it } from 'vitest';
import {
  NOT_ADVICE_LINE,
  PERSONA_NAMES,
  type AssistantRequest,
  type CompanyContext,
} from '../assistant-provider.ts';
import { SENTENCE_END, sentenceKey } from './answer-writer.ts';
import { citationErrors } from './eval/check-citations.ts';
import { ACME, ARTICLE, BETA, context, MARKET_WRAP, NOW, request } from './fixture-context.ts';
import { periodOfMove } from './answers-market.ts';
import { answerOffline, createOfflineAssistant } from './offline-assistant.ts';

const ask = (question: string, over: Partial<AssistantRequest> = {}) =>
  answerOffline(request(question, over));
const as = (persona: string) => ({ persona: { name: persona, system: '' } });

describe('the offline assistant recognises what is asked', () => {
  it.each([
    ['How is my portfolio doing?', 'portfolio_overview'],
    ['How is Acme doing?', 'company_overview'],
    ['What moved today and why?', 'movers'],
    ['What is the news on Beta Bancorp?', 'news'],
    ['What are the risks in my portfolio?', 'risks'],
    ['Compare Acme and Gamma Devices', 'compare'],
    ['What should I watch next?', 'watch'],
    ['What is a P/E ratio?', 'explain'],
    ['How is Tesla doing?', 'unknown_company'],
    ['Write me a poem about the sea', 'out_of_scope'],
  ])('%s → %s', (question, intent) => {
    expect(ask(question).intent).toBe(intent);
  });

  it('answers a company question with its quote figures, cited to the quote', () => {
    const answer = ask('How is Acme doing?');
    expect(answer.text).toContain('$123.45');
    expect(answer.text).toContain('+4.3% on the day');
    expect(answer.citations).toContainEqual({
      kind: 'quote',
      exchange_ticker: 'NYSE:ACME',
      as_of: ACME.quote?.as_of,
    });
    expect(answer.citations.some((c) => c.kind === 'analysis')).toBe(true);
  });

  it('sums a portfolio up over the period the question names, the day and month otherwise', () => {
    const overall = (question: string) =>
      ask(question).text.split('**Overall**')[1]?.split('**')[0] ?? '';
    const week = overall('How is my portfolio doing this week?');
    expect(week).toMatch(
      /^\s*(?:Every company|Most of the companies|The companies)[^.]* over the week\./,
    );
    expect(week).toContain('Strongest over the week:');
    expect(week).toContain('Strongest on the day:');
    expect(week).not.toContain('over the month');
    const plain = overall('How is my portfolio doing?');
    expect(plain).toContain('Strongest on the day:');
    expect(plain).toContain('Strongest over the month:');
    expect(plain).not.toContain('over the week');
  });

  it('explains the shortest period holding most of the move when "why did it fall" names no period', () => {
    // Beta: −2.75 % on the day, −1.1 % over the week, −12.4 % over the month.
    expect(ask('Why did Beta fall?').text).toContain('fell 12.4% over the month');
    expect(ask('Why did Beta fall this week?').text).toContain('fell 1.1% over the week');
    // Acme: +4.3 % on the day, +6.5 % over the week, −3.25 % over the month.
    expect(ask('Why did Acme rise?').text).toContain('rose 6.5% over the week');
    expect(ask('Why did Acme drop?').text).toContain('fell 3.3% over the month');
    // Gamma rose over every period: asked why it fell, the day's move is explained.
    expect(ask('Why did Gamma Devices fall?').text).toContain('on the day');
    // Gamma: +0.5 %, +2.2 %, +9.9 %: the month; most of a month's move in a week: the week.
    expect(ask('Why did Gamma Devices rise?').text).toContain('rose 9.9% over the month');
    const moved = (day: number, week: number, month: number): CompanyContext => ({
      ...ACME,
      quote: ACME.quote && {
        ...ACME.quote,
        change_pct_1: day,
        change_pct_8: week,
        change_pct_31: month,
      },
    });
    expect(periodOfMove(moved(-1.4, -11.7, -12.4), -1)).toBe(8);
    expect(periodOfMove(moved(-9, -11.7, -12.4), -1)).toBe(1);
    expect(periodOfMove(moved(1, 2, 3), -1)).toBe(1);
  });

  it('explains what moved with the news that came with it', () => {
    const answer = ask('Why did Beta fall today?');
    expect(answer.intent).toBe('movers');
    expect(answer.text).toContain('fell 2.8% on the day');
    expect(answer.text).toContain('Beta Bancorp cuts dividend by 25%');
  });

  it('lists risks: negative news, drawdowns and sector concentration', () => {
    const answer = ask('What are the risks?');
    expect(answer.text).toContain('Regulator opens probe');
    expect(answer.text).toContain('below its 52-week high');
    expect(answer.text).toMatch(/Information Technology holds at least half/);
  });

  it('compares two companies over the month', () => {
    const answer = ask('Compare Acme and Gamma Devices');
    expect(answer.text).toContain('Gamma Devices (+9.9%)');
    expect(answer.text).toContain('did better than Acme Corporation (-3.3%)');
  });

  it('explains a term and illustrates it with the user’s data', () => {
    const answer = ask('What is a 52-week high?');
    expect(answer.text).toContain('highest closing price');
    expect(answer.text).toContain('52-week high of $130.20');
  });

  it('says plainly when a company is not in the context and suggests adding it', () => {
    const answer = ask('What is the news on Tesla?');
    expect(answer.text).toContain('Tesla is not in the data');
    expect(answer.text).toContain('Add it to your watchlist');
    expect(answer.citations).toEqual([]);
  });

  it('says what it can answer offline and how to configure a model for the rest', () => {
    const answer = ask('Can you book me a flight to Rome?');
    expect(answer.intent).toBe('out_of_scope');
    expect(answer.text).toContain('AI_PROVIDER=openai');
  });

  it('uses the history for follow-ups', () => {
    const history = [
      { role: 'user' as const, content: 'What is the news on Acme?' },
      { role: 'assistant' as const, content: '…' },
    ];
    const answer = ask('And Beta?', { history });
    expect(answer.intent).toBe('news');
    expect(answer.text).toContain('Beta Bancorp cuts dividend');
    expect(ask('What are its risks?', { history }).text).toContain('Regulator opens probe');
  });

  it('writes a portfolio summary for a generic PORTFOLIO or e-mail instruction', () => {
    for (const type of ['PORTFOLIO', 'email_prompt'] as const) {
      const answer = ask('Summarise my portfolio', { type });
      expect(answer.intent).toBe('portfolio_summary');
      expect(answer.text).toContain('Biggest moves');
      expect(answer.text).toContain('What to watch next');
    }
    expect(ask('Focus on the risks', { type: 'PORTFOLIO' }).intent).toBe('risks');
  });

  it('leads a question about the market with the market-wide news, then the selection', () => {
    const answer = ask('How did the market do this week?');
    expect(answer.text.startsWith('**The market**'), answer.text).toBe(true);
    expect(answer.text).toContain(MARKET_WRAP.title);
    expect(answer.text).toContain('Your companies');
    expect(answer.citations).toContainEqual(expect.objectContaining({ id: MARKET_WRAP.id }));
    expect(citationErrors(answer, context())).toEqual([]);
    // Without companies: the market, and what to add to compare.
    const none = ask('How is the stock market doing?', { context: context({ companies: [] }) });
    expect(none.text).toContain(MARKET_WRAP.title);
    expect(none.text).toContain('Add companies to your watchlist');
    // A question about the selection does not get it.
    expect(ask('How is my portfolio doing?').text).not.toContain(MARKET_WRAP.title);
    // Of one moment's briefs the broadest leads, and a brief's list is left out of its line.
    const movers = {
      ...MARKET_WRAP,
      id: 'movers',
      title: 'Acme jumps 4.3% to lead the day’s gainers',
      summary: 'Acme rose 4.3% on the day.\n\nThe day’s top gainers:\n- Acme +4.3%\n- Beta +1.0%',
      tickers: ['NYSE:ACME', 'NASDAQ:BETA'],
    };
    const both = ask('How did the market do today?', {
      context: context({ market: [movers, MARKET_WRAP] }),
    }).text;
    expect(both.indexOf(MARKET_WRAP.title)).toBeLessThan(both.indexOf(movers.title));
    expect(both).toContain('Acme rose 4.3% on the day');
    expect(both).not.toContain('top gainers');
  });

  it('shows each article of a portfolio summary at most twice, and "Material now" only for one not shown', () => {
    const answer = ask('Summarise my portfolio', { type: 'PORTFOLIO' });
    const headlines = [...answer.text.matchAll(/\*([^*\n]{12,})\* \(/g)].map((m) => m[1]);
    expect(headlines.length).toBeGreaterThan(0);
    const counts = new Map<string, number>();
    for (const h of headlines) counts.set(h ?? '', (counts.get(h ?? '') ?? 0) + 1);
    for (const [headline, n] of counts) expect(n, headline).toBeLessThanOrEqual(2);
    const watch = answer.text.split('What to watch next')[1] ?? '';
    const before = answer.text.split('What to watch next')[0] ?? '';
    for (const m of watch.matchAll(/Material now: \*([^*]+)\*/g)) {
      expect(before).not.toContain(m[1] ?? '');
    }
  });

  it('answers every part of a question that asks several, in order, repeating no sentence', () => {
    // The prompt editor's own example (spec §2): before, only its first topic (watch) was answered.
    for (const type of ['PORTFOLIO', 'CHAT'] as const) {
      const answer = ask(
        'How did my portfolio do this week, what moved it and what should I watch next?',
        { type },
      );
      const at = ['Your companies', 'Biggest moves', 'What to watch next'].map((title) =>
        answer.text.indexOf(title),
      );
      expect(
        at.every((i) => i >= 0),
        answer.text,
      ).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      const sentences = answer.text
        .split(/\n+/)
        .flatMap((l) => l.split(SENTENCE_END))
        .map(sentenceKey)
        .filter((s) => s.length > 12);
      expect(new Set(sentences).size).toBe(sentences.length);
    }
    const both = ask('How did my watchlist do this week, and what should I watch next?').text;
    expect(both).toContain('Your companies');
    expect(both).toContain('What to watch next');
    // One topic: one part.
    expect(ask('What should I watch next?').text).not.toContain('Your companies');
  });

  it('answers about an article: summary, impact, sentiment and its own sentences', () => {
    const withArticle = { context: context({ article: ARTICLE }) };
    const summary = ask('Summarise this article', withArticle);
    expect(summary.intent).toBe('article');
    expect(summary.citations[0]).toMatchObject({ kind: 'article', id: ARTICLE.id });
    expect(ask('What does this mean for Acme?', withArticle).text).toContain('$123.45');
    expect(ask('Is this good or bad news?', withArticle).text).toContain('sentiment +7');
    expect(ask('What did the chief executive say?', withArticle).text).toContain(
      'backlog reached a record',
    );
  });
});

describe('citations', () => {
  const questions = [
    'How is my portfolio doing?',
    'How is Acme doing?',
    'What moved this week?',
    'What is the news?',
    'What are the risks?',
    'Compare Acme and Beta',
    'What should I watch?',
    'What is volatility?',
    'Summarise this article',
    'What does this mean for Acme?',
  ];

  it('every number of every answer is a figure of the source its marker cites', () => {
    for (const persona of PERSONA_NAMES) {
      for (const [i, question] of questions.entries()) {
        const ctx = context({ article: i >= 8 ? ARTICLE : null });
        const answer = answerOffline(request(question, { ...as(persona), context: ctx }));
        expect(citationErrors(answer, ctx), `${persona}: ${question}`).toEqual([]);
      }
    }
  });

  it('numbers the markers in order of first use, each citation used', () => {
    const answer = ask('How is my portfolio doing?');
    const numbers = [...answer.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    const firsts = [...new Set(numbers)];
    expect(firsts).toEqual(firsts.map((_n, i) => i + 1));
    expect(firsts.length).toBe(answer.citations.length);
  });
});

describe('personas change the voice and the emphasis, never the facts', () => {
  it('every answer ends with the not-advice line and repeats no sentence', () => {
    for (const persona of [...PERSONA_NAMES, 'Someone else']) {
      const answer = ask('Summarise my portfolio', { ...as(persona), type: 'PORTFOLIO' });
      expect(answer.text.endsWith(NOT_ADVICE_LINE)).toBe(true);
      const sentences = answer.text
        .split(/\n+/)
        .flatMap((l) => l.split(SENTENCE_END))
        .map(sentenceKey);
      const filled = sentences.filter((s) => s.length > 12);
      expect(new Set(filled).size, persona).toBe(filled.length);
    }
  });

  it('Warren Buffett stresses the long view and the business', () => {
    const answer = ask('How is Acme doing?', as('Warren Buffett'));
    expect(answer.text).toContain('The long view');
    expect(answer.text).toContain('rose 42.1%');
    expect(answer.text).toContain('moat');
  });

  it('Benjamin Graham stresses the margin of safety and the balance sheet', () => {
    const answer = ask('How is Beta doing?', as('Benjamin Graham'));
    expect(answer.text).toContain('Margin of safety');
    expect(answer.text).toContain('above its 52-week low of $44.90');
    expect(answer.text).toContain('balance-sheet');
  });

  it('Ray Dalio stresses diversification and risk parity', () => {
    const answer = ask('How is my portfolio doing?', as('Ray Dalio'));
    expect(answer.text).toContain('Risk parity');
    expect(answer.text).toContain('Information Technology');
  });

  it('No bullshit answers in three lines and the not-advice line', () => {
    const answer = ask('How is my portfolio doing?', as('No bullshit'));
    const lines = answer.text.split('\n').filter((l) => l.trim());
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe(NOT_ADVICE_LINE);
  });

  it('No bullshit names an article by its headline instead of retelling it', () => {
    const answer = ask('Any risks I should know?', as('No bullshit'));
    const articleLines = answer.text.split('\n').filter((l) => /^\*/.test(l));
    expect(articleLines.length).toBeGreaterThan(0);
    for (const line of articleLines) {
      expect(line).toMatch(/^\*[^*]+\* \([^)]*\) \[\d+\]\.$/);
    }
  });

  it('Donald Trump is a labelled parody that quotes nobody and keeps the figures', () => {
    const answer = ask('How is Acme doing?', as('Donald Trump'));
    expect(answer.text.startsWith('Parody voice:')).toBe(true);
    expect(answer.text).toContain('$123.45');
    expect(answer.text).not.toMatch(/Trump (?:said|says)|“|"[A-Z][^"]+" said/);
  });

  it('writes plain text without markup when markdown is off', () => {
    for (const persona of PERSONA_NAMES) {
      const answer = ask('Summarise my portfolio', {
        ...as(persona),
        type: 'PORTFOLIO',
        useMarkdown: false,
      });
      expect(answer.text, persona).not.toMatch(/\*\*|\\|^#|(?<!\w)\*\w/m);
      expect(answer.text).toContain('$123.45');
    }
  });
});

describe('the offline provider', () => {
  it('streams the answer through onText in pieces that add up to the text', async () => {
    const pieces: string[] = [];
    const answer = await createOfflineAssistant().answer(request('How is Acme doing?'), {
      onText: (piece) => pieces.push(piece),
    });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(answer.text);
    expect(answer.provider).toBe('offline');
  });

  // Its speed is measured by `npm run eval:assistant` (time per answer), never by a timed test.
  it('writes a whole answer for 20 companies with 10 articles each', () => {
    const companies: CompanyContext[] = Array.from({ length: 20 }, (_x, i) => {
      const base = [ACME, BETA][i % 2] as CompanyContext;
      return {
        ...base,
        company_id: `c-${i}`,
        company_name: `Company ${String.fromCharCode(65 + i)} Holdings`,
        exchange_ticker: `NYSE:C${String.fromCharCode(65 + i)}`,
        news: Array.from({ length: 10 }, (_y, j) => ({
          ...(ACME.news[j % 2] ?? ACME.news[0]!),
          id: `${i}-${j}`,
          date: new Date(NOW.getTime() - j * 3_600_000),
        })),
      };
    });
    const big = context({ companies });
    const questions = [
      'Summarise my portfolio',
      'What moved this week?',
      'What are the risks?',
      'Compare Company A Holdings and Company B Holdings',
    ];
    for (const q of questions) {
      const answer = answerOffline(request(q, { context: big, type: 'PORTFOLIO' }));
      expect(answer.text.trim().endsWith(NOT_ADVICE_LINE), q).toBe(true);
      expect(answer.citations.length, q).toBeGreaterThan(0);
      expect(citationErrors(answer, big), q).toEqual([]);
    }
  });
});
