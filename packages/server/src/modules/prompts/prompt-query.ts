import { defineQueryResource } from '../../db/query/define-query-resource.ts';
import { promptQuerySpec } from '@app/shared/api/prompts';

/** The query language's prompt fields (spec §7 `/prompts/query`) and the columns they read. */
export const promptQuery = defineQueryResource({
  spec: promptQuerySpec,
  table: 'p',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id', asText: true },
    type: { column: 'type' },
    subtype: { column: 'subtype' },
    status: { column: 'status' },
    article_id: { column: 'article_id', asText: true },
    creation_date: { column: 'creation_date' },
    title: { column: 'title' },
    use_markdown: { column: 'use_markdown' },
    system_name: { column: 'system_name' },
    ai_summary: { column: 'ai_summary' },
    prompt: { column: 'prompt' },
    selection: { arrayColumn: 'selection' },
    citations: { column: 'citations' },
    raw: { column: 'raw' },
  },
});

export type PromptQueryAst = ReturnType<typeof promptQuery.parse>;
