import type { NewsRepository } from './news.repository.ts';
import { createTickerLinker, type TickerLinker } from './ticker-linker.ts';

/** The ticker linker of the current companies table: compiled once, rebuilt when companies change. */
export type LinkerCache = { current(): Promise<TickerLinker> };

export function createLinkerCache(repository: NewsRepository): LinkerCache {
  let cached: { fingerprint: string; linker: TickerLinker } | undefined;
  return {
    async current() {
      const fingerprint = await repository.companiesFingerprint();
      if (cached?.fingerprint === fingerprint) return cached.linker;
      const linker = createTickerLinker(await repository.linkerCompanies());
      cached = { fingerprint, linker };
      return linker;
    },
  };
}
