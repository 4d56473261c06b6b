/**
 * The messages the LLM gets. The article goes in as a numbered sentence list (the offline
 * analyst's splitter) so the model can cite sentences by index and we can check each index.
 */
import {
  ARTICLE_CLASSIFICATIONS,
  type AiArticleInput,
  type AiTranslatable,
} from '../ai-provider.ts';
import type { ChatMessage } from './chat-client.ts';

/** Characters of numbered sentences sent at most (about 6,000 tokens): cost and latency. */
export const MAX_PROMPT_SENTENCE_CHARS = 24_000;

/** The leading sentences that fit the prompt; indices stay those of the full article. */
export function promptSentences(sentences: string[]): string[] {
  const kept: string[] = [];
  let chars = 0;
  for (const sentence of sentences) {
    chars += sentence.length + 8;
    if (chars > MAX_PROMPT_SENTENCE_CHARS && kept.length > 0) break;
    kept.push(sentence);
  }
  return kept;
}

const ANALYSIS_SYSTEM = `You are a financial news analyst. You read one news article and answer with one JSON object, nothing else, with exactly these fields:
- "title": the article's title, cleaned up (no site name, no clickbait), max 300 characters
- "title_clickbait": a punchier, still truthful variant of the title
- "summary": one or two sentences with the key facts
- "paragraph": a longer paragraph (3 to 6 sentences) with the facts an investor needs
- "classification": exactly one of ${ARTICLE_CLASSIFICATIONS.map((c) => JSON.stringify(c)).join(', ')}
- "sentiment": "bearish", "neutral" or "bullish" for holders of the companies concerned
- "sentiment_score": integer from -10 (very bearish) to 10 (very bullish); 0 is neutral
- "interest_score": integer from 0 (dull) to 10 (must read)
- "defcon_level": integer 1 to 5: 1 = could move the price now (bankruptcy, fraud, trading halt, profit warning), 2 = material (results surprise, M&A, guidance change), 3 = notable, 4 = routine, 5 = noise
- "defcon_outcome": "positive" or "negative": whether the news is good or bad for holders
- "no_bullshit": one plain-English sentence saying what this really means, without jargon
- "gif_keywords": 2 to 4 short lowercase keywords for a reaction GIF (e.g. "rocket", "money")
- "article_icon": one lowercase kebab-case icon name such as "trending-up", "trending-down", "bar-chart", "handshake", "gavel", "landmark", "coins", "alert-triangle", "newspaper"
- "source_sentences": the numbers of the article sentences (from the numbered list) that summary and paragraph draw on, e.g. [0, 2, 5]
State only facts the article gives. Write in English.`;

/** System + user messages asking for the spec's AI object of one article. */
export function analysisMessages(article: AiArticleInput, sentences: string[]): ChatMessage[] {
  const lines = [`Title: ${article.title}`];
  if (article.publisher) lines.push(`Publisher: ${article.publisher}`);
  if (article.tickers?.length) lines.push(`Tickers: ${article.tickers.join(', ')}`);
  lines.push('', 'Sentences:', ...sentences.map((sentence, index) => `[${index}] ${sentence}`));
  return [
    { role: 'system', content: ANALYSIS_SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}

const TRANSLATION_SYSTEM = `You translate financial news texts. You get a JSON object with "title", "summary" and "paragraph" and a target language tag. Answer with one JSON object, nothing else, with the same three fields translated into that language. Keep company names, tickers, numbers and currencies as they are. An empty field stays empty.`;

/** System + user messages asking for `texts` in `language`. */
export function translationMessages(texts: AiTranslatable, language: string): ChatMessage[] {
  return [
    { role: 'system', content: TRANSLATION_SYSTEM },
    {
      role: 'user',
      content: `Target language: ${language}\n\n${JSON.stringify({
        title: texts.title,
        summary: texts.summary,
        paragraph: texts.paragraph,
      })}`,
    },
  ];
}
