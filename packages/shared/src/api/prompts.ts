import { z } from 'zod';
import { defineQuerySpec } from '../query/query-spec.ts';
import { successResponse } from './envelope.ts';

/*
 * The AI assistant's prompts (spec §3 Prompt/chat task, §7 Prompts), shared by the server's
 * routes and the web client.
 */

/** Longest prompt or question a user may send (characters). */
export const PROMPT_MAX_CHARS = 4_000;
/** Longest persona system prompt (characters). */
export const SYSTEM_MAX_CHARS = 4_000;
/** Longest persona name. */
export const SYSTEM_NAME_MAX_CHARS = 100;
/** Most companies an answer is written about (a longer watchlist is cut to its first ones). */
export const SELECTION_MAX = 20;
/** AI answers a day on the free plan (subscribers get more, and are answered first). */
export const FREE_DAILY_PROMPTS = 20;
/** Spec §9: prompt lists show 20. */
export const PROMPT_LIST_LIMIT = 20;
/** Selection entries that are not listings. */
export const PORTFOLIO_SELECTION = 'PORTFOLIO';
export const EMAIL_SELECTION = 'EMAIL';

/** Spec §9: the six chat presets, in the order the chat page offers them. */
export const CHAT_PERSONAS = [
  'Ray Dalio',
  'Warren Buffett',
  'AI Analyst',
  'No bullshit',
  'Benjamin Graham',
  'Donald Trump',
] as const;
export type ChatPersona = (typeof CHAT_PERSONAS)[number];

export const PROMPT_TYPES = ['PORTFOLIO', 'email_prompt', 'CHAT'] as const;
export const PROMPT_STATUSES = ['INDEX', 'PROCESSED', 'FAILED'] as const;

/** `''` and `null` from the old client mean "none". */
const optionalId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.uuid('must be a prompt id').optional(),
);

/** `POST /prompts/create` (spec §7). Unknown keys are ignored, as the old client sends drafts. */
export const createPromptBodySchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, 'The prompt is empty.')
    .max(PROMPT_MAX_CHARS, `A prompt has at most ${PROMPT_MAX_CHARS} characters.`),
  selection: z
    .array(z.string().max(40))
    .max(SELECTION_MAX + 5)
    .default([]),
  type: z.enum(PROMPT_TYPES).default('PORTFOLIO'),
  subtype: z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(['EMAIL_SUMMARY']).nullish(),
  ),
  use_markdown: z.boolean().optional(),
  id: optionalId,
  article_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().max(64).optional(),
  ),
  system: z.string().max(SYSTEM_MAX_CHARS).nullish(),
  system_name: z.string().trim().max(SYSTEM_NAME_MAX_CHARS).nullish(),
});
export type CreatePromptBody = z.output<typeof createPromptBodySchema>;

/** A source an answer cites, as the API shows it (`[1]` is `citations[0]`). */
export const promptCitationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('article'),
    id: z.string(),
    title: z.string(),
    publisher: z.string(),
    /** Epoch seconds. */
    date: z.number(),
    url: z.string(),
  }),
  z.object({
    kind: z.literal('quote'),
    exchange_ticker: z.string(),
    as_of: z.number(),
    url: z.string(),
  }),
  z.object({
    kind: z.literal('analysis'),
    company_id: z.string(),
    exchange_ticker: z.string(),
    date: z.number(),
    url: z.string(),
  }),
]);
export type PromptCitation = z.infer<typeof promptCitationSchema>;

export const chatTurnSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});

/** Spec §3 Prompt/chat task, as every prompts route answers it. */
export const promptSchema = z.object({
  id: z.string(),
  title: z.string(),
  username: z.string(),
  prompt: z.string(),
  type: z.enum(PROMPT_TYPES),
  subtype: z.enum(['EMAIL_SUMMARY']).nullable(),
  status: z.enum(PROMPT_STATUSES),
  /** Epoch seconds. */
  creation_date: z.number(),
  system: z.string().nullable(),
  system_name: z.string().nullable(),
  /** Null until the answer is written. */
  ai_summary: z.string().nullable(),
  /** Position among the waiting prompts (1 = next); 0 while written or once done. */
  ai_queue_size: z.number().int(),
  raw: z.array(chatTurnSchema),
  article_id: z.string().nullable(),
  selection: z.array(z.string()),
  use_markdown: z.boolean(),
  citations: z.array(promptCitationSchema),
  /** Why the prompt FAILED (null otherwise). */
  error: z.string().nullable(),
  /** Who wrote the answer (`offline`, a model name); null until answered. */
  provider: z.string().nullable(),
});
export type PromptJson = z.infer<typeof promptSchema>;

export const promptListResponseSchema = successResponse({ prompts: z.array(promptSchema) });

/**
 * What the web's prompt lists and polls ask for (`only=`): every field they show. Left
 * out: `raw` (the question and the answer again), the persona's `system` text and `provider`.
 * `id`, `status`, `username`, `ai_queue_size` and `error` come with every projection.
 */
export const PROMPT_LIST_FIELDS = [
  'title',
  'prompt',
  'type',
  'subtype',
  'status',
  'creation_date',
  'system_name',
  'ai_summary',
  'article_id',
  'selection',
  'use_markdown',
  'citations',
] as const;
/** A prompt as answered with `only=` PROMPT_LIST_FIELDS. */
export const promptListItemSchema = promptSchema.omit({ raw: true, system: true, provider: true });
export const promptListItemsResponseSchema = successResponse({
  prompts: z.array(promptListItemSchema),
});
/** `/prompts/query` may project fields with `only`. */
export const promptQueryResponseSchema = successResponse({
  prompts: z.array(promptSchema.partial()),
});
export const promptCreateResponseSchema = successResponse({ id: z.string() });
export const promptRemoveResponseSchema = z.object({
  status: z.enum(['success', 'deleted']),
  removed: z.number().int(),
});

/** One entry of the admin's view of the queue. */
export const queueEntrySchema = z.object({
  /** Epoch seconds: when it was queued (waiting) or started (in process). */
  date: z.number(),
  id: z.string(),
  username: z.string(),
  type: z.enum(PROMPT_TYPES),
  /** What it is about: the prompt's title. */
  file: z.string(),
  /** The plan priority it waits with. */
  priority: z.number().int(),
  attempts: z.number().int(),
});
export const queueStateResponseSchema = successResponse({
  priority: z.array(queueEntrySchema),
  process: z.array(queueEntrySchema),
});

/** `/prompts/query`: what may be filtered, sorted and projected (spec §7 Prompts). */
export const promptQuerySpec = defineQuerySpec({
  fields: {
    id: { type: 'string', ops: ['eq', 'in'] },
    type: { type: 'enum', values: PROMPT_TYPES, ops: ['eq', 'ne', 'in', 'nin'] },
    subtype: { type: 'enum', values: ['EMAIL_SUMMARY'], ops: ['eq', 'ne', 'exists'] },
    status: { type: 'enum', values: PROMPT_STATUSES, ops: ['eq', 'ne', 'in', 'nin'] },
    article_id: { type: 'string', ops: ['eq', 'ne', 'exists'] },
    creation_date: { type: 'date', ops: ['gt', 'gte', 'lt', 'lte'], sortable: true },
    title: { type: 'string', ops: ['icontains'] },
    use_markdown: { type: 'boolean', ops: ['eq'] },
    system_name: { type: 'string', ops: ['eq', 'in', 'exists'] },
    ai_summary: { type: 'string', ops: ['exists'] },
    // Shown, not filtered on.
    prompt: { type: 'string', ops: [] },
    selection: { type: 'string[]', ops: [] },
    citations: { type: 'string', ops: [] },
    raw: { type: 'string', ops: [] },
  },
  defaultOrder: ['-creation_date'],
  defaultLimit: 20,
  maxLimit: 100,
  extras: {
    /** The owner; only the caller unless an admin asks. */
    username: z.string().max(64).optional(),
  },
});
