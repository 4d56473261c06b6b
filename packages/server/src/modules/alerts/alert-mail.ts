import { escape } from 'html-escaper';
import mjml2html from 'mjml';

/** An instant alert as stored in its delivery row (rendered per channel when it is sent). */
export type InstantPayload = {
  subject: string;
  article_id: string;
  title: string;
  /** The plain-English line (`no_bullshit`). */
  line: string;
  sentiment: string;
  sentiment_score: number | null;
  defcon_level: number;
  /** The linked listings' moves since publication, in percent (null: no price yet). */
  moves: { symbol: string; pct: number | null }[];
  url: string;
  /** Epoch milliseconds: when the article was stored (the alert latency's start). */
  stored_at: number;
};

/** A digest as stored in its delivery row. */
export type DigestPayload = {
  subject: string;
  period: string;
  /** The assistant's text with `[n]` markers. */
  body: string;
  citations: { n: number; title: string; url: string }[];
  /** The user's saved e-mail summary prompt, when the digest followed it. */
  prompt: string | null;
  provider: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

const BRAND = '#1c7ed6';

const signed = (pct: number | null) =>
  pct === null ? 'no price yet' : `${pct > 0 ? '+' : ''}${pct.toFixed(1)} %`;

/** The moves line: `NASDAQ:AAPL +1.2 % since publication`. */
export function movesLine(moves: InstantPayload['moves']): string {
  if (moves.length === 0) return '';
  return `${moves.map((m) => `${m.symbol} ${signed(m.pct)}`).join(', ')} since publication`;
}

/** The alert as one short plain-text message (Telegram). */
export function alertMessage(alert: InstantPayload): string {
  return [
    `⚠ ${alert.title}`,
    alert.line,
    `Sentiment: ${alert.sentiment}${alert.sentiment_score === null ? '' : ` (${String(alert.sentiment_score)})`}`,
    movesLine(alert.moves),
    alert.url,
  ]
    .filter(Boolean)
    .join('\n');
}

async function mjml(body: string, preview: string): Promise<string> {
  const result = await mjml2html(
    `<mjml><mj-head><mj-preview>${escape(preview)}</mj-preview>
<mj-attributes><mj-all font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="1.5" color="#1a1b1e" /></mj-attributes>
</mj-head><mj-body background-color="#f1f3f5" width="600px">
<mj-section padding="16px 0 4px"><mj-column><mj-text font-size="18px" font-weight="700" color="${BRAND}">StockPulse</mj-text></mj-column></mj-section>
<mj-section background-color="#ffffff" border-radius="8px" padding="8px 0"><mj-column>${body}</mj-column></mj-section>
</mj-body></mjml>`,
    { validationLevel: 'strict', minify: false },
  );
  return result.html;
}

const footer = (reason: string, unsubscribeUrl: string) =>
  `<mj-divider border-width="1px" border-color="#dee2e6" />
<mj-text font-size="12px" color="#868e96">${escape(reason)} <a href="${escape(unsubscribeUrl)}" style="color:#868e96">Unsubscribe in one click</a>. For information only, not financial advice.</mj-text>`;

/** Where the alert mail's template takes each alert's (escaped) values. */
const ALERT_SLOT = /@@alert-(defcon|title|line|sentiment|moves|url|unsubscribe|preview)@@/g;
const slot = (name: string) => `@@alert-${name}@@`;
let alertTemplate: Promise<string> | undefined;

/**
 * The alert mail's HTML, compiled by MJML once with a slot for each value: compiling takes tens
 * of milliseconds of CPU a mail, which a burst of alerts (thousands of mails in the worker that
 * also runs the analyst) cannot afford; filling the slots takes microseconds.
 */
function alertHtmlTemplate(): Promise<string> {
  alertTemplate ??= mjml(
    `<mj-text font-size="12px" color="#e03131" font-weight="700">DEFCON ${slot('defcon')} ALERT</mj-text>
<mj-text font-size="20px" font-weight="700">${slot('title')}</mj-text>
<mj-text>${slot('line')}</mj-text>
<mj-text>Sentiment: <strong>${slot('sentiment')}</strong>${slot('moves')}</mj-text>
<mj-button href="${slot('url')}" background-color="${BRAND}" border-radius="6px" align="left">Read the article</mj-button>
${footer('You receive instant alerts for the companies you hold or watch.', slot('unsubscribe'))}`,
    slot('preview'),
  ).catch((error: unknown) => {
    alertTemplate = undefined;
    throw error;
  });
  return alertTemplate;
}

/** An instant alert as a mail: text and HTML parts. */
export async function renderAlertMail(
  alert: InstantPayload,
  unsubscribeUrl: string,
): Promise<RenderedMail> {
  const moves = movesLine(alert.moves);
  const text = [
    alert.title,
    '',
    alert.line,
    '',
    `Sentiment: ${alert.sentiment}`,
    moves,
    '',
    `Read it: ${alert.url}`,
    '',
    '--',
    `You receive instant alerts for the companies you hold or watch. Unsubscribe in one click: ${unsubscribeUrl}`,
    'For information only, not financial advice.',
  ].join('\n');
  const values: Record<string, string> = {
    defcon: escape(String(alert.defcon_level)),
    title: escape(alert.title),
    line: escape(alert.line),
    sentiment: escape(alert.sentiment),
    moves: moves ? `<br />${escape(moves)}` : '',
    url: escape(alert.url),
    unsubscribe: escape(unsubscribeUrl),
    preview: escape(alert.line),
  };
  // One pass: a value that happens to contain a slot's name is not filled again.
  const html = (await alertHtmlTemplate()).replace(
    ALERT_SLOT,
    (_slot, name: string) => values[name] ?? '',
  );
  return { subject: alert.subject, text, html };
}

/** `[n]` markers as links to the cited articles (HTML), text escaped. */
function linkCitations(paragraph: string, citations: DigestPayload['citations']): string {
  const byNumber = new Map(citations.map((c) => [c.n, c]));
  return escape(paragraph).replace(/\[(\d+)\]/g, (marker, n: string) => {
    const citation = byNumber.get(Number(n));
    return citation
      ? `<a href="${escape(citation.url)}" style="color:${BRAND}" title="${escape(citation.title)}">[${n}]</a>`
      : marker;
  });
}

/** A daily or weekly digest as a mail: the assistant's text with its sources. */
export async function renderDigestMail(
  digest: DigestPayload,
  kind: 'daily' | 'weekly',
  unsubscribeUrl: string,
): Promise<RenderedMail> {
  const reason =
    kind === 'daily'
      ? 'You receive daily e-mail alerts about the companies you hold or watch.'
      : 'You receive a weekly e-mail summary of the companies you hold or watch.';
  const sources = digest.citations.map((c) => `[${String(c.n)}] ${c.title} — ${c.url}`);
  const text = [
    digest.subject,
    '',
    ...(digest.prompt ? [`Written for your summary prompt: "${digest.prompt}"`, ''] : []),
    digest.body,
    '',
    ...(sources.length > 0 ? ['Sources:', ...sources, ''] : []),
    '--',
    `${reason} Unsubscribe in one click: ${unsubscribeUrl}`,
  ].join('\n');
  const paragraphs = digest.body
    .split(/\n{2,}/)
    .map((p) => `<mj-text>${linkCitations(p, digest.citations).replace(/\n/g, '<br />')}</mj-text>`)
    .join('\n');
  const sourceList = digest.citations
    .map(
      (c) =>
        `${String(c.n)}. <a href="${escape(c.url)}" style="color:${BRAND}">${escape(c.title)}</a>`,
    )
    .join('<br />');
  const html = await mjml(
    `<mj-text font-size="20px" font-weight="700">${escape(digest.subject)}</mj-text>
${digest.prompt ? `<mj-text font-size="13px" color="#868e96">Written for your summary prompt: “${escape(digest.prompt)}”</mj-text>` : ''}
${paragraphs}
${sourceList ? `<mj-text font-size="13px"><strong>Sources</strong><br />${sourceList}</mj-text>` : ''}
${footer(reason, unsubscribeUrl)}`,
    digest.subject,
  );
  return { subject: digest.subject, text, html };
}
