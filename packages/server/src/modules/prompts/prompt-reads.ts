import type { PromptJson } from '@app/shared/api/prompts';
import { projectFields } from '@app/shared/query/project-fields';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import type { PromptReadCache } from './prompt-read-cache.ts';
import { promptQuery } from './prompt-query.ts';
import type { PromptRepository } from './prompt.repository.ts';
import type { PromptService } from './prompt.service.ts';

/** Fields every projected prompt keeps (as `/prompts/query` does). */
const ALWAYS_FIELDS = ['id', 'status', 'username', 'ai_queue_size', 'error'];

type RawQuery = Record<string, string | string[]>;

/** A read's answer (its route writes it once per kept value) and whether it came from memory. */
export type ReadAnswer<T extends object> = { value: T; hit: boolean };

/** The key of a query: its parameters in a fixed order, without the session token. */
const queryKey = (query: RawQuery) =>
  JSON.stringify(
    Object.entries(query)
      .filter(([name]) => name !== 'key')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

const hasWaiting = (prompts: readonly Partial<PromptJson>[]) =>
  prompts.some((prompt) => prompt.status === 'INDEX');

/**
 * The prompts read routes' answers as values: `/prompts/query`, `/prompts/get/{id}`
 * and `/prompts/state`, through the read cache when there is one. The service decides (scope,
 * 403s, 404s); an answer is kept only after it was built once, so a query the caller may not ask
 * is never kept. Kept: the caller's own prompts (not an admin's view of everyone's, not `id=`,
 * which depends on the debug setting) and the queue.
 */
export function createPromptReads(deps: {
  prompts: PromptService;
  cache: PromptReadCache | undefined;
  clock: Clock;
}) {
  const { prompts, cache, clock } = deps;

  const read = async <T extends object>(
    userId: string | null,
    key: string,
    build: () => Promise<{ value: T; waiting: boolean }>,
  ): Promise<ReadAnswer<T>> =>
    cache && userId !== null
      ? cache.get(userId, key, build)
      : { value: (await build()).value, hit: false };

  return {
    /** `/prompts/query`: the caller's prompts by the query language. */
    query(caller: AuthUser, query: RawQuery) {
      const username = query.username;
      const byId = Object.keys(query).some((name) => name === 'id' || name.startsWith('id__'));
      const own =
        !byId && (username === undefined ? !caller.is_admin : username === caller.username);
      return read(own ? caller.id : null, `query:${queryKey(query)}`, async () => {
        const listed = await prompts.query(caller, query);
        return { value: { prompts: listed }, waiting: hasWaiting(listed) };
      });
    },

    /** `/prompts/get/{id}`: one of the caller's prompts, projected by `only` when given. */
    get(caller: AuthUser, id: string, only: string | undefined) {
      return read(caller.id, `get:${id}:${only ?? ''}`, async () => {
        // The query language checks `only` (a 400 names an unknown field).
        const fields =
          only === undefined ? null : promptQuery.parse({ only }, { now: clock.now() }).only;
        const prompt = projectFields(await prompts.get(caller, id), fields, ALWAYS_FIELDS);
        return { value: { prompts: [prompt] }, waiting: prompt.status === 'INDEX' };
      });
    },

    /** `/prompts/state` (admins): the queue, kept until any prompt changes. */
    state() {
      return read('', 'state', async () => ({ value: await prompts.state(), waiting: true }));
    },
  };
}

export type PromptReads = ReturnType<typeof createPromptReads>;

/**
 * The prompt repository with the caller's writes marking their user in every process's read cache
 * before the answer goes out: here at once, the other listening processes confirmed by NOTIFY.
 * (The worker's writes — answers, failures — reach them through the trigger's notice.)
 */
export function cacheForgettingRepository(
  repository: PromptRepository,
  cache: PromptReadCache | undefined,
): PromptRepository {
  if (!cache) return repository;
  const forget = async (userId: string) => {
    cache.forgetUser(userId);
    await cache.confirmEverywhere(userId);
  };
  return {
    ...repository,
    create: async (values, check) => {
      await cache.ready(); // listening before the write, so its confirmation can be heard
      const id = await repository.create(values, check);
      await forget(values.user_id);
      return id;
    },
    reopen: async (id, userId, values, check) => {
      await cache.ready();
      const edited = await repository.reopen(id, userId, values, check);
      await forget(userId);
      return edited;
    },
    remove: async (userId, id, now) => {
      await cache.ready();
      const removed = await repository.remove(userId, id, now);
      if (removed > 0) await forget(userId);
      return removed;
    },
    removeAll: async (userId, filter, now) => {
      await cache.ready();
      const removed = await repository.removeAll(userId, filter, now);
      if (removed > 0) await forget(userId);
      return removed;
    },
  };
}
