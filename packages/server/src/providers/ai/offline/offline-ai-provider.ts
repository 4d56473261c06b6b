/**
 * The offline AI analyst: no LLM, deterministic, fast. Extractive summaries, lexicon + trained
 * linear-model sentiment, rule-based classification and defcon, templated presentation fields.
 */
import { AiCapabilityError, TRANSLATION_NEEDS_LLM } from '../ai-capability-error.ts';
import type {
  AiAnalysis,
  AiArticleInput,
  AiProvider,
  ArticleClassification,
} from '../ai-provider.ts';
import { writeCompanyAnalysis } from './company-analysis.ts';
import { classifyArticle, defconLevel, defconOutcome, interestScore } from './classify.ts';
import {
  articleIcon,
  clickbaitTitle,
  gifKeywords,
  noBullshit,
  type PresentationInput,
} from './presentation.ts';
import { sentimentOfHint } from '../sentiment-hint.ts';
import { analyzeSentiment } from './sentiment.ts';
import { loadShippedSentimentModel, type SentimentModel } from './sentiment-model.ts';
import { firstList, summarize } from './summarize.ts';
import { MAX_TEXT_CHARS, splitSentences } from './text.ts';

/** Options of {@link createOfflineAiProvider}. */
export interface OfflineAiProviderOptions {
  /** Sentiment model to use; defaults to the weights shipped in `sentiment-model.json`. */
  model?: SentimentModel;
}

function cleanTitle(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** The paragraph, followed by the article's first list (a brief's figures) as a markdown list. */
function withList(paragraph: string, text: string): string {
  const list = firstList(text);
  return list ? `${paragraph}\n\n${list}` : paragraph;
}

/**
 * A dividend headline that names no change ("declares quarterly dividend of $0.43", "sets
 * quarterly dividend … payable December 29") is routine: neutral. 301 of the 319 such headlines
 * of the labelled data are neutral; the model had read some as bearish.
 */
const DIVIDEND_CHANGE =
  /\b(?:rais|increas|hik|boost|lift|cut|trim|suspend|slash|reduc|lower|halt|omit|eliminat|skip|defer|special|initiat|resum|doubl|record)|\bnot pay|\bno dividend/i;
const DIVIDEND_DECLARED =
  /\b(?:declar\w*|sets?|approv\w*|keeps?|maintain\w*|regular)\b.*\bdividend|\bex-dividend\b/i;
/** A rule's call (the routine dividend, a writer's hint) has no calibrated confidence. */
const ROUTINE = { ...sentimentOfHint(0), confidence: null };

/** What the analyst reads of an article before its sentiment: the text, the event class. */
export interface ArticleReading {
  title: string;
  text: string;
  sentences: string[];
  lede: string;
  classification: ArticleClassification;
  /** Whether a rule (a writer's hint, a routine dividend) sets the sentiment, not the calibration. */
  ruled: boolean;
}

/** Reads an article's title, sentences and event class (shared with the article calibration's fit). */
export function readArticle(article: AiArticleInput): ArticleReading {
  const title = cleanTitle(article.title);
  const text = article.text.slice(0, MAX_TEXT_CHARS);
  const sentences = splitSentences(text);
  const lede = sentences.slice(0, 3).join(' ');
  const classification = classifyArticle(title, lede);
  const routine =
    classification === 'Dividend News' &&
    DIVIDEND_DECLARED.test(title) &&
    !DIVIDEND_CHANGE.test(title);
  return {
    title,
    text,
    sentences,
    lede,
    classification,
    ruled: article.sentimentHint !== undefined || routine,
  };
}

/** Analyses one article synchronously (the provider wraps this in a promise). */
export function analyzeArticle(model: SentimentModel, article: AiArticleInput): AiAnalysis {
  const { title, text, sentences, lede, classification, ruled } = readArticle(article);
  const tickers = article.tickers ?? [];
  const { summary, paragraph } = summarize(title, sentences);
  // The article's event class is evidence for its call (see `article-calibration.ts`).
  const sentiment =
    article.sentimentHint !== undefined
      ? { ...sentimentOfHint(article.sentimentHint), confidence: null }
      : ruled
        ? ROUTINE
        : analyzeSentiment(model, title, sentences, undefined, classification);
  const defcon = defconLevel(classification, title, lede, sentiment.score);
  const presentation: PresentationInput = {
    title,
    tickers,
    classification,
    sentiment: sentiment.sentiment,
    defcon,
  };
  const sourceIndexes = new Set([...summary.sources, ...paragraph.sources].map((s) => s.index));
  return {
    title,
    title_clickbait: clickbaitTitle(presentation),
    summary: summary.text,
    paragraph: withList(paragraph.text, text),
    classification,
    sentiment: sentiment.sentiment,
    sentiment_score: sentiment.score,
    sentiment_confidence:
      sentiment.confidence === null ? null : Number(sentiment.confidence.toFixed(3)),
    interest_score: interestScore(defcon, sentiment.score, tickers.length),
    defcon_level: defcon,
    defcon_outcome: defconOutcome(sentiment.score),
    no_bullshit: noBullshit(presentation),
    gif_keywords: gifKeywords(presentation),
    article_icon: articleIcon(presentation),
    sources: [...sourceIndexes]
      .sort((a, b) => a - b)
      .map((index) => ({ index, text: sentences[index] ?? '' })),
  };
}

/** The offline {@link AiProvider} (`AI_PROVIDER=offline`). */
export function createOfflineAiProvider(options: OfflineAiProviderOptions = {}): AiProvider {
  const model = options.model ?? loadShippedSentimentModel();
  return {
    name: 'offline',
    analyze: (article) => Promise.resolve(analyzeArticle(model, article)),
    translate: () => Promise.reject(new AiCapabilityError(TRANSLATION_NEEDS_LLM)),
    analyzeCompany: (input) => Promise.resolve(writeCompanyAnalysis(input)),
  };
}
