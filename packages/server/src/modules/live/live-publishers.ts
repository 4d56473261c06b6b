import type { LiveAlert } from '@app/shared/api/live';
import type { InstantPayload } from '../alerts/alert-mail.ts';
import type { AlertsRepository } from '../alerts/alerts.repository.ts';
import type { AddedDelivery } from '../alerts/deliveries.repository.ts';
import type { NewsRepository } from '../news/news.repository.ts';
import type { PromptProgress } from '../prompts/prompt.service.ts';
import type { LiveBus, LivePromptData } from './live-bus.ts';

/**
 * Where writes become live events, as thin wrappers the composition root puts around a module's
 * repository: the module's service is unchanged and the event follows its write (a failed
 * publish is logged by the bus, never failing the write).
 */

/**
 * Articles stored by an ingest run: a `news` event (`ingested`) with the ids of those that are
 * news. An article dated only by when it was first seen, or read with its feed's back catalogue,
 * is stored quietly: no live push, so no "new" badge either.
 */
export function publishingStoredArticles(
  repository: NewsRepository,
  live: LiveBus,
): NewsRepository {
  return {
    ...repository,
    insertMany: async (articles) => {
      const ids = await repository.insertMany(articles);
      const quiet = new Set(
        articles.flatMap((a) => (a.id && (a.date_estimated || a.back_catalogue) ? [a.id] : [])),
      );
      const news = ids.filter((id) => !quiet.has(id));
      if (news.length > 0) await live.publishNews('ingested', news);
      return ids;
    },
  };
}

/** An article analysed (status PROCESSED): a `news` event (`enriched`) with its id. */
export function publishingAnalysedArticles(
  repository: NewsRepository,
  live: LiveBus,
): NewsRepository {
  return {
    ...repository,
    storeAnalysis: async (id, values) => {
      await repository.storeAnalysis(id, values);
      if (values.status === 'PROCESSED') await live.publishNews('enriched', [id]);
    },
  };
}

/**
 * Alert deliveries written: an `alerts` event on each recipient's own topic, for the rows the
 * write added (a fan-out run again over the same stories adds none, so it tells no one twice),
 * with the instant alerts among them for the in-app notification. With the bell cache (`inbox`),
 * the event goes out only once every process dropped the recipients' kept bells: the page that
 * hears it refetches the bell, which must not be the old list from any process's memory.
 */
export function publishingDeliveries(
  repository: AlertsRepository,
  live: LiveBus,
  inbox?: { changedMany: (userIds: readonly string[]) => Promise<void> },
): AlertsRepository {
  async function announce(added: readonly AddedDelivery[]) {
    const written = added.flatMap((row) =>
      row.user_id === null
        ? []
        : [{ userId: row.user_id, ...(row.kind === 'instant' && { alert: liveAlertOf(row) }) }],
    );
    // The bell lists every instant alert (its e-mail row) and each rule alert shown in the app.
    const bells = [
      ...new Set(
        added.flatMap((row) =>
          row.user_id !== null &&
          (row.kind === 'instant' || (row.kind === 'rule' && row.channel === 'in_app'))
            ? [row.user_id]
            : [],
        ),
      ),
    ];
    // write (committed) -> dropped in every process (acknowledged) -> the live event.
    if (inbox && bells.length > 0) await inbox.changedMany(bells);
    if (written.length > 0) await live.publishAlerts(written);
  }
  return {
    ...repository,
    insertDeliveries: async (rows) => {
      const added = await repository.insertNewDeliveries(rows);
      await announce(added);
      return added.length;
    },
    announceAdded: announce,
  };
}

/** What the in-app notification shows of an instant alert (its payload, alert-mail.ts). */
function liveAlertOf(row: { payload: unknown }): LiveAlert | undefined {
  const payload = row.payload as Partial<InstantPayload> | null;
  if (typeof payload?.article_id !== 'string') return undefined;
  return {
    article_id: payload.article_id,
    title: (payload.title ?? '').slice(0, 300),
    defcon_level: typeof payload.defcon_level === 'number' ? payload.defcon_level : 2,
    sentiment: payload.sentiment ?? 'neutral',
    symbols: (payload.moves ?? []).map((move) => move.symbol).slice(0, 5),
  };
}

/** Stages a prompt passes through before its end, and the end itself. */
export type PromptLiveStatus = 'PROCESSED' | 'FAILED';

/** Longest wait before the pieces of an answer written so far go out (ms). */
const PROMPT_TEXT_FLUSH_MS = 150;
/** Most characters of answer in one event (well under NOTIFY's 8 kB even JSON-escaped). */
const PROMPT_TEXT_MAX_CHARS = 1_000;

/**
 * Prompt progress on its owner's `prompts` topic: `queued`, `writing`, the answer's
 * pieces gathered for up to 150 ms into `text` events with their offset in the answer, `retry`,
 * then `answered` or `failed`. A prompt's events are published one after the other (a chain per
 * prompt), so a page hears its pieces in order and the end after the last piece.
 */
export function createPromptPublisher(
  live: Pick<LiveBus, 'publishPrompt'>,
  options: { flushMs?: number; maxChars?: number } = {},
) {
  const flushMs = options.flushMs ?? PROMPT_TEXT_FLUSH_MS;
  const maxChars = options.maxChars ?? PROMPT_TEXT_MAX_CHARS;
  /** An answer being written: where its gathered pieces start, and the flush timer. */
  type Writing = { offset: number; pending: string; timer: NodeJS.Timeout | undefined };
  const writing = new Map<string, Writing>();
  /** Each prompt's publishing, one event after the other (dropped once it is idle). */
  const chains = new Map<string, Promise<void>>();

  const send = (userId: string, data: LivePromptData): Promise<void> => {
    const next = (chains.get(data.id) ?? Promise.resolve()).then(() =>
      live.publishPrompt(userId, data),
    );
    chains.set(data.id, next);
    void next.then(() => {
      if (chains.get(data.id) === next) chains.delete(data.id);
    });
    return next;
  };
  const flush = (userId: string, id: string, state: Writing) => {
    clearTimeout(state.timer);
    state.timer = undefined;
    while (state.pending !== '') {
      const text = state.pending.slice(0, maxChars);
      state.pending = state.pending.slice(text.length);
      void send(userId, { id, status: 'INDEX', stage: 'text', offset: state.offset, text });
      state.offset += text.length;
    }
  };
  const stop = (id: string) => {
    const state = writing.get(id);
    if (state) clearTimeout(state.timer);
    writing.delete(id);
    return state;
  };

  return {
    progress(userId: string, id: string, progress: PromptProgress): void {
      switch (progress.stage) {
        case 'queued':
          void send(userId, { id, status: 'INDEX', stage: 'queued' });
          return;
        case 'writing':
          stop(id);
          writing.set(id, { offset: 0, pending: '', timer: undefined });
          void send(userId, { id, status: 'INDEX', stage: 'writing' });
          return;
        case 'text': {
          let state = writing.get(id);
          if (!state) {
            state = { offset: 0, pending: '', timer: undefined };
            writing.set(id, state);
          }
          state.pending += progress.text;
          const gathering = state;
          if (gathering.pending.length >= maxChars) flush(userId, id, gathering);
          else gathering.timer ??= setTimeout(() => flush(userId, id, gathering), flushMs);
          return;
        }
        case 'retry':
          // What was gathered is void; the next attempt (maybe in another worker) starts at 0.
          stop(id);
          void send(userId, { id, status: 'INDEX', stage: 'retry' });
          return;
      }
    },

    /** The prompt ended: the pieces still gathered go out first, then `answered` or `failed`. */
    async status(userId: string, id: string, status: PromptLiveStatus): Promise<void> {
      const state = writing.get(id);
      if (state) flush(userId, id, state);
      stop(id);
      await send(userId, { id, status, stage: status === 'PROCESSED' ? 'answered' : 'failed' });
    },

    /** Answers under way and prompts still publishing (tests). */
    writingCount: () => writing.size + chains.size,
  };
}
