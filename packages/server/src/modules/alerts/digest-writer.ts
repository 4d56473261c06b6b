import type { FastifyBaseLogger } from 'fastify';
import type {
  AssistantContext,
  AssistantProvider,
  Citation,
} from '../../providers/ai/assistant/assistant-provider.ts';
import type { DigestPayload } from './alert-mail.ts';
import type { AlertUserRow } from './alerts.repository.ts';

/** Tokens of a digest's text. */
const DIGEST_MAX_TOKENS = 900;
/** Articles listed under a digest. */
const ARTICLES_MAX = 15;

/** What a digest is asked when the user saved no e-mail summary prompt. */
export const DEFAULT_DIGEST_PROMPT =
  'Summarise the news of my holdings and watched companies for this period: what happened, why it matters, and what to watch next.';

export type DigestWriter = {
  /** The digest of the period, or null when none of the user's companies had news in it. */
  write(
    user: AlertUserRow,
    kind: 'daily' | 'weekly',
    period: { key: string; from: Date; to: Date },
  ): Promise<DigestPayload | null>;
};

/**
 * Digests written by the AI assistant from the user's holdings and watchlist news of the period,
 * following the user's saved e-mail summary prompt when there is one, with the cited articles
 * linked.
 */
export function createDigestWriter(deps: {
  assistant: AssistantProvider;
  /** The user's companies with their recent news (the assistant's EMAIL selection). */
  buildContext: (user: AlertUserRow) => Promise<AssistantContext>;
  /** The user's latest saved e-mail summary prompt (type email_prompt, subtype EMAIL_SUMMARY). */
  savedPrompt: (user: AlertUserRow) => Promise<string | null>;
  publicUrl: string;
  log: FastifyBaseLogger;
}): DigestWriter {
  const urlOf = (citation: Citation) =>
    citation.kind === 'article'
      ? `${deps.publicUrl}/news/view?id=${citation.id}`
      : `${deps.publicUrl}/analysis/${citation.exchange_ticker}`;
  const titleOf = (citation: Citation) =>
    citation.kind === 'article'
      ? `${citation.title} (${citation.publisher})`
      : citation.kind === 'quote'
        ? `${citation.exchange_ticker} quote`
        : `${citation.exchange_ticker} analysis`;

  return {
    async write(user, kind, period) {
      const full = await deps.buildContext(user);
      const inPeriod = (date: Date) => date >= period.from && date <= period.to;
      const companies = full.companies.map((company) => ({
        ...company,
        news: company.news.filter((article) => inPeriod(article.date)),
      }));
      if (!companies.some((company) => company.news.length > 0)) return null;
      const prompt = await deps.savedPrompt(user);
      const answer = await deps.assistant.answer({
        type: 'email_prompt',
        question: prompt ?? DEFAULT_DIGEST_PROMPT,
        persona: null,
        history: [],
        context: { ...full, companies: companies.filter((c) => c.news.length > 0) },
        useMarkdown: false,
        maxTokens: DIGEST_MAX_TOKENS,
      });
      deps.log.debug({ userId: user.id, kind, provider: answer.provider }, 'digest written');
      const label = kind === 'daily' ? 'Your daily alerts' : 'Your weekly summary';
      const citations = answer.citations.map((citation, index) => ({
        n: index + 1,
        title: titleOf(citation),
        url: urlOf(citation),
        id: citation.kind === 'article' ? citation.id : null,
      }));
      // Every article of the period is listed and cited, whatever the answer chose to cite.
      const cited = new Set(citations.map((c) => c.id));
      const lines: string[] = [];
      const seen = new Set<string>();
      for (const article of companies.flatMap((c) => c.news)) {
        if (seen.has(article.id) || seen.size >= ARTICLES_MAX) continue;
        seen.add(article.id);
        let n = citations.find((c) => c.id === article.id)?.n;
        if (n === undefined || !cited.has(article.id)) {
          n = citations.length + 1;
          citations.push({
            n,
            title: `${article.title} (${article.publisher})`,
            url: `${deps.publicUrl}/news/view?id=${article.id}`,
            id: article.id,
          });
        }
        lines.push(`- ${article.title} [${String(n)}]`);
      }
      return {
        subject: `${label} for ${period.key}`,
        period: period.key,
        body: `${answer.text}\n\nThe news of the period:\n${lines.join('\n')}`,
        citations: citations.map(({ n, title, url }) => ({ n, title, url })),
        prompt,
        provider: answer.provider,
      };
    },
  };
}
