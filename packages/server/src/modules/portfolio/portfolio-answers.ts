import type { PortfolioSnapshot } from '@app/shared/api/portfolio';

/** Memory of kept answers, over all snapshots and over all ledgers (each cache). */
export const ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * What a kept snapshot costs in memory, parsed and written once by its route (about a third of
 * it JSON), from its sizes: a holding (20 fields) about 1.2 KB, a value point (5 fields) 200 B, a
 * return or an allocation row 300 B, the rest 2 KB. Counted so the cache stays bounded without
 * writing the snapshot to measure it.
 */
export function snapshotBytes(snapshot: PortfolioSnapshot): number {
  const holdings = snapshot.holdings.length + snapshot.closed.length;
  const rows =
    snapshot.returns.length +
    snapshot.allocation.sector.length +
    snapshot.allocation.sub_industry.length;
  return 2_048 + holdings * 1_200 + snapshot.series.length * 200 + rows * 300;
}
