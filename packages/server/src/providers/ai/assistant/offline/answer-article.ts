/**
 * The Q&A panel of an article: its summary, what it means for the linked companies, its
 * sentiment, or the article's own sentences that answer the question. Every sentence taken from
 * the article cites it.
 */
import { formatSigned } from '@app/shared/display/format';
import type { AssistantContext, CompanyContext, NewsFact } from '../assistant-provider.ts';
import { isBoilerplate, rankSentences } from '../../offline/summarize.ts';
import { contentWords, splitSentences } from '../../offline/text.ts';
import type { Section, Writer } from './answer-writer.ts';
import { analysisSentence, priceSentence, toneWord, when } from './company-facts.ts';

type Article = NewsFact & { text: string };
export type ArticleQuestion = 'summary' | 'impact' | 'sentiment' | 'question';

export function articleQuestion(question: string, namesCompany: boolean): ArticleQuestion {
  if (
    /\bsentiment\b|\bbullish\b|\bbearish\b|\bpositive\b|\bnegative\b|\btone\b|\bgood (?:or bad )?news\b|\bbad news\b|\bgood or bad\b/i.test(
      question,
    )
  ) {
    return 'sentiment';
  }
  if (
    namesCompany ||
    /\bmean(?:s)? for\b|\bimpact\w*|\baffect\w*|\bimplication\w*|\bmatter\w*|\bwhat does (?:this|it) mean\b|\bshould i (?:worry|care)\b|\bconsequence\w*|\bmy (?:stocks?|shares|portfolio|holdings?)\b|\bwhich (?:companies|stocks|tickers)\b/i.test(
      question,
    )
  ) {
    return 'impact';
  }
  if (
    !question.trim() ||
    /\bsummar\w*|\btl;?dr\b|\bgist\b|\bkey points?\b|\bmain points?\b|\bwhat(?:'s|’s| is) (?:this|it|the article) about\b|\bwhat happened\b|\boverview\b|\bexplain (?:this|the article|it)\b|\bin short\b|\bbriefly\b/i.test(
      question,
    )
  ) {
    return 'summary';
  }
  return 'question';
}

/** Sentences of the article worth quoting (labels, disclaimers and very short lines left out). */
function sentencesOf(article: Article): string[] {
  return splitSentences(article.text).filter((s) => s.length >= 25 && !isBoilerplate(s));
}

function quote(w: Writer, sentence: string, article: Article): string {
  return `${w.text(sentence).replace(/[.!?]+$/, '')} ${w.article(article)}.`;
}

function keyPoints(w: Writer, article: Article, count: number): string[] {
  const sentences = sentencesOf(article);
  const scores = rankSentences(article.title, sentences);
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ index }) => quote(w, sentences[index] ?? '', article));
}

function verdict(w: Writer, article: Article): string {
  const parts: string[] = [];
  if (article.sentiment_score !== null) {
    parts.push(
      `reads ${toneWord(article.sentiment_score)} (sentiment ${formatSigned(article.sentiment_score)})`,
    );
  }
  if (article.classification) parts.push(`is classed as ${w.text(article.classification)}`);
  if (article.defcon_level !== null) {
    parts.push(
      article.defcon_level <= 2
        ? `is material (defcon ${article.defcon_level})`
        : `is of limited urgency (defcon ${article.defcon_level})`,
    );
  }
  if (parts.length === 0) return 'The article has not been scored by the analyst yet.';
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `Our analyst’s reading: the article ${list} ${w.article(article)}.`;
}

const IMPLICATIONS: Record<string, string> = {
  'Company Results':
    'Results move a share price through the gap between the figures and what was expected, and through what management says about the coming quarters.',
  'Earnings Preview': 'A preview sets the bar the coming results will be judged against.',
  'Mergers and Acquisitions':
    'A deal changes what the company owns and often its debt; approvals and financing decide whether it happens.',
  'Analyst Recommendation':
    'A rating or target change moves sentiment for a while; it does not change the business itself.',
  Lawsuit: 'Legal cases weigh through possible costs and distraction until they are settled.',
  'Regulatory Update': 'Regulation can change what a company may sell and at what cost.',
  'Dividend News': 'Dividend changes signal how confident the board is about cash flow.',
  'Central Bank Policy': 'Rate decisions move valuations across the market, growth stocks most.',
  'Insider Trading Report': 'Insider buying or selling hints at how management sees the price.',
};

function impact(
  w: Writer,
  article: Article,
  context: AssistantContext,
  named: CompanyContext[],
): string[] {
  const linked = context.companies.filter((c) => article.tickers.includes(c.exchange_ticker));
  const focus = named.length > 0 ? named : linked;
  const lines: string[] = [];
  for (const c of focus.slice(0, 3)) {
    const tone =
      article.sentiment_score === null
        ? 'is not scored yet'
        : `reads ${toneWord(article.sentiment_score)} (sentiment ${formatSigned(article.sentiment_score)})`;
    const isLinked = article.tickers.includes(c.exchange_ticker);
    lines.push(
      isLinked
        ? `For ${w.label(c, false)} the article ${tone} ${w.article(article)}.`
        : `The article is not linked to ${w.label(c, false)}, so any effect on it would be indirect.`,
    );
    const price = priceSentence(w, c);
    if (price) lines.push(price);
    const analysis = analysisSentence(w, c);
    if (analysis) lines.push(analysis);
  }
  const outside = article.tickers.filter(
    (t) => !context.companies.some((c) => c.exchange_ticker === t),
  );
  if (outside.length > 0 && named.length === 0) {
    lines.push(
      `It is also linked to ${outside.join(', ')}, which ${outside.length === 1 ? 'is' : 'are'} not in your selection: add ${outside.length === 1 ? 'it' : 'them'} to see ${outside.length === 1 ? 'its' : 'their'} figures.`,
    );
  }
  if (focus.length === 0 && outside.length === 0)
    lines.push('The article is not linked to any listed company.');
  const why = article.classification ? IMPLICATIONS[article.classification] : undefined;
  if (why) lines.push(why);
  return lines;
}

/** Sentences sharing the most content words with the question (at least one). */
function answering(article: Article, question: string): string[] {
  const asked = new Set(
    contentWords(question).filter(
      (word) => !/^(?:article|say|says|tell|does|what|about|mention)$/.test(word),
    ),
  );
  if (asked.size === 0) return [];
  return sentencesOf(article)
    .map((s, index) => ({
      s,
      index,
      score: contentWords(s).filter((word) => asked.has(word)).length,
    }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index)
    .map((x) => x.s);
}

export function articleAnswer(
  w: Writer,
  context: AssistantContext,
  article: Article,
  question: string,
  named: CompanyContext[],
): Section[] {
  const kind = articleQuestion(question, named.length > 0);
  const title = w.markdown ? `*${w.text(article.title)}*` : `"${w.text(article.title)}"`;
  const head = `${title} (${w.text(article.publisher)}, ${when(article.date, context.now)}) ${w.article(article)}`;
  const summary = article.summary.trim()
    ? `In short: ${w.text(article.summary).replace(/[.!?…]+$/, '')} ${w.article(article)}.`
    : null;
  if (kind === 'summary') {
    return [
      { lines: [`Summary of ${head}.`, ...(summary ? [summary] : [])] },
      { title: 'Key points', lines: keyPoints(w, article, 3), list: true },
      { lines: [verdict(w, article)] },
    ];
  }
  if (kind === 'sentiment') {
    return [
      { lines: [verdict(w, article)] },
      { title: 'Why', lines: keyPoints(w, article, 2), list: true },
    ];
  }
  if (kind === 'impact') {
    return [
      { lines: [`What ${head} means:`] },
      { lines: impact(w, article, context, named), list: true },
    ];
  }
  const found = answering(article, question);
  if (found.length === 0) {
    return [
      { lines: ['The article does not answer that directly.', ...(summary ? [summary] : [])] },
      { lines: [verdict(w, article)] },
    ];
  }
  return [
    { title: 'What the article says', lines: found.map((s) => quote(w, s, article)), list: true },
  ];
}
