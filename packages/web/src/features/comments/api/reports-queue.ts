import { reportsQueueResponseSchema } from '@app/shared/api/comments';
import type { ReportedItem } from '@app/shared/api/comments';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { COMMENTS_QUERY_KEY, REPORTS_QUEUE_QUERY_KEY } from './comments-query-keys';
import { pagedView } from './paged-view';

/** Reported items per page of the admin queue. */
export const REPORTS_PAGE_SIZE = 20;

interface ReportsPage {
  items: ReportedItem[];
  total: number;
}

/** GET /comments/admin/reports?skip&limit (admins): reported articles and comments. */
export async function fetchReportsPage(skip: number, signal?: AbortSignal): Promise<ReportsPage> {
  const { items, total } = await apiGet(
    '/comments/admin/reports',
    { skip, limit: REPORTS_PAGE_SIZE },
    { schema: reportsQueueResponseSchema, signal },
  );
  return { items, total };
}

export function reportsQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: REPORTS_QUEUE_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => fetchReportsPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  });
}

/** The admin reports queue, 20 at a time. */
export function useReportsQueue() {
  const query = useInfiniteQuery(reportsQueueQueryOptions());
  return pagedView(query, (page) => page.items);
}

export interface DismissReportsBody {
  parent_obj_id: string;
  /** null: the reports of the article itself. */
  parent_comment_id: string | null;
}

/** POST /comments/admin/dismiss: closes the open reports of an article or a comment. */
export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissReportsBody) => apiPost('/comments/admin/dismiss', body),
    onSuccess: async () => {
      showSuccessToast('Reports dismissed');
      await queryClient.invalidateQueries({ queryKey: [...COMMENTS_QUERY_KEY, 'admin'] });
    },
    onError: (error: Error) => showErrorToast(error.message, 'Reports not dismissed'),
  });
}
