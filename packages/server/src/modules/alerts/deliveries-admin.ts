import type { DeliveryStatus } from '@app/shared/api/alerts';
import { pageGroup, type PageNotices } from '../../cache/page-notices.ts';
import { recentValue } from '../../cache/recent-value.ts';
import type { DeliveriesRepository } from './deliveries.repository.ts';

/** How old the admin view's delivery counts may be. */
const DELIVERY_COUNTS_TTL_MS = 5_000;

/**
 * The admin panel's view of the deliveries outbox (`/alerts/admin/deliveries`): the latest
 * deliveries, optionally of one status, and the counts per status. Its pages are kept while no delivery is written when the admin pages are kept (ADMIN_PAGE_CACHE,
 * `cache/page-notices.ts`: a statement trigger announces every write of `deliveries`, a removed
 * user's by cascade too), else built every call.
 */
export function createDeliveriesAdmin(deps: {
  repository: Pick<DeliveriesRepository, 'adminList' | 'deliveryCounts'>;
  adminPages?: PageNotices;
}) {
  const { repository } = deps;
  // The counts scan every delivery (100,000 rows: ~100× the page's cost): read at most once per
  // DELIVERY_COUNTS_TTL_MS per process, and again after any process's notice.
  const deliveryCounts = recentValue(DELIVERY_COUNTS_TTL_MS, () => repository.deliveryCounts());
  const pages = pageGroup(deps.adminPages, 'deliveries');
  pages.onForget(() => deliveryCounts.clear());

  /** A page of the latest deliveries and the counts per status (at most 5 s older than the page). */
  async function adminList(status: DeliveryStatus | undefined, limit: number, skip = 0) {
    const [rows, counts] = await Promise.all([
      repository.adminList(status, limit, skip),
      deliveryCounts.get(),
    ]);
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
    const all = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
    for (const row of counts) all[row.status] = Number(row.n);
    return {
      counts: all,
      deliveries: rows.map((row) => ({
        ...row,
        created_at: seconds(row.created_at),
        due_at: seconds(row.due_at),
        sent_at: row.sent_at ? seconds(row.sent_at) : null,
      })),
    };
  }

  return {
    adminList,

    /** A page of `/alerts/admin/deliveries`, kept with the counts it carries. */
    adminListPage: (status: DeliveryStatus | undefined, limit: number, skip = 0) =>
      pages.answer(`deliveries:${status ?? ''}:${String(skip)}:${String(limit)}`, () =>
        adminList(status, limit, skip),
      ),
  };
}
