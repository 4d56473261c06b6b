import type { ChatTurn, Citation } from '../../providers/ai/assistant/assistant-provider.ts';
import type { PromptCitation, PromptJson } from '@app/shared/api/prompts';
import type { PromptRow } from './prompt.repository.ts';
import type { SelectionKind } from './prompt-rules.ts';

/** A stored prompt as the API's JSON, and the stored forms of what a prompt carries. */

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toCitation(citation: Citation): PromptCitation {
  switch (citation.kind) {
    case 'article':
      return {
        kind: 'article',
        id: citation.id,
        title: citation.title,
        publisher: citation.publisher,
        date: epochSeconds(citation.date),
        url: `/news/view?id=${citation.id}`,
      };
    case 'quote':
      return {
        kind: 'quote',
        exchange_ticker: citation.exchange_ticker,
        as_of: epochSeconds(citation.as_of),
        url: `/ticker/${citation.exchange_ticker}`,
      };
    case 'analysis':
      return {
        kind: 'analysis',
        company_id: citation.company_id,
        exchange_ticker: citation.exchange_ticker,
        date: epochSeconds(citation.date),
        url: `/analysis/${citation.exchange_ticker}`,
      };
  }
}

/** A stored prompt as the API shows it (spec §3 Prompt/chat task). */
export function toPromptJson(row: PromptRow): PromptJson {
  return {
    id: row.id,
    title: row.title,
    username: row.username,
    prompt: row.prompt,
    type: row.type,
    subtype: row.subtype,
    status: row.status,
    creation_date: epochSeconds(row.creation_date),
    system: row.system,
    system_name: row.system_name,
    ai_summary: row.ai_summary,
    ai_queue_size: row.ai_queue_size,
    raw: Array.isArray(row.raw) ? (row.raw as ChatTurn[]) : [],
    article_id: row.article_id,
    selection: row.selection,
    use_markdown: row.use_markdown,
    citations: Array.isArray(row.citations) ? (row.citations as PromptCitation[]) : [],
    error: row.status === 'FAILED' ? row.status_reason : null,
    provider: row.provider,
  };
}

/** The selection as stored: `['PORTFOLIO']`, `['EMAIL']`, the tickers, or nothing. */
export function storedSelection(selection: SelectionKind): string[] {
  switch (selection.kind) {
    case 'PORTFOLIO':
    case 'EMAIL':
      return [selection.kind];
    case 'TICKERS':
      return selection.symbols;
    case 'NONE':
      return [];
  }
}
