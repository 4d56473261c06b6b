import type { NewsRepository } from './news.repository.ts';
import { createTickerLinker, type TickerLinker } from './ticker-linker.ts';

/** The ticker linker of the current companies table: compiled once, rebuilt when companies change. */
export type LinkerCache = { current(): Promise<TickerLinker> };

export function createLinkerCache(repository: NewsRepository): LinkerCache {
  let cached: { fingerprint: string; linker: TickerLinker } | undefined;
  /**
   * The check being made now: callers meanwhile (the debug linker report under load, an ingest
   * batch) share its one fingerprint query and, when companies changed, its one build, instead
   * of each building the same linker. Its answer is at most one query older than theirs.
   */
  let pending: Promise<TickerLinker> | undefined;
  const check = async () => {
    const fingerprint = await repository.companiesFingerprint();
    if (cached?.fingerprint === fingerprint) return cached.linker;
    const linker = createTickerLinker(await repository.linkerCompanies());
    cached = { fingerprint, linker };
    return linker;
  };
  return {
    current() {
      pending ??= check().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
