import type {
  CalendarScope,
  CompanyUpcomingResponse,
  HoldingsWeekResponse,
  MarketWeekResponse,
} from '@app/shared/api/market-calendar';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { symbolSegment } from '../../../lib/ticker-path';

const KEY = ['market-calendar'] as const;

/** The answers' schemas, loaded with the first answer (not part of a page's first load). */
const schemas = () => import('@app/shared/api/market-calendar');

export type WeekKind = 'earnings' | 'dividends';

export interface WeekRequest {
  kind: WeekKind;
  /** Any day of the week (its Monday is shown); null: this week on the server's clock. */
  week: string | null;
  scope: CalendarScope;
  sector: string | null;
}

export type MarketWeek = Omit<MarketWeekResponse, 'status'>;

/** GET /market-calendar/week: one week of earnings or dividends (public; scopes need a login). */
export async function fetchMarketWeek(request: WeekRequest, signal?: AbortSignal) {
  const { status: _status, ...week } = await apiGet(
    '/market-calendar/week',
    {
      kind: request.kind,
      ...(request.week !== null && { week: request.week }),
      scope: request.scope,
      ...(request.sector !== null && { sector: request.sector }),
    },
    { loadSchema: () => schemas().then((m) => m.marketWeekResponseSchema), signal },
  );
  return week;
}

export function marketWeekQueryOptions(request: WeekRequest) {
  return queryOptions({
    queryKey: [...KEY, 'week', request.kind, request.week, request.scope, request.sector] as const,
    queryFn: ({ signal }) => fetchMarketWeek(request, signal),
  });
}

export function useMarketWeek(request: WeekRequest) {
  return useQuery({ ...marketWeekQueryOptions(request), placeholderData: (previous) => previous });
}

export type CompanyUpcoming = Omit<CompanyUpcomingResponse, 'status'>;

/** GET /market-calendar/company/{symbol}: next results, next ex-date, last four results. */
export async function fetchCompanyUpcoming(symbol: string, signal?: AbortSignal) {
  const { status: _status, ...upcoming } = await apiGet(
    `/market-calendar/company/${symbolSegment(symbol)}`,
    undefined,
    { loadSchema: () => schemas().then((m) => m.companyUpcomingResponseSchema), signal },
  );
  return upcoming;
}

export function useCompanyUpcoming(symbol: string) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'company', symbol] as const,
      queryFn: ({ signal }) => fetchCompanyUpcoming(symbol, signal),
    }),
  );
}

export type HoldingsWeek = Omit<HoldingsWeekResponse, 'status'>;

/** GET /market-calendar/holdings-week (login): this week's events of the user's holdings. */
export async function fetchHoldingsWeek(signal?: AbortSignal): Promise<HoldingsWeek> {
  const { status: _status, ...week } = await apiGet('/market-calendar/holdings-week', undefined, {
    loadSchema: () => schemas().then((m) => m.holdingsWeekResponseSchema),
    signal,
  });
  return week;
}

export function useHoldingsWeek({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...KEY, 'holdings-week'] as const,
    queryFn: ({ signal }) => fetchHoldingsWeek(signal),
    enabled,
  });
}

const FEED_KEY = [...KEY, 'feed'] as const;

/** GET /market-calendar/feed (login): whether the user has a private feed link. */
export function useFeedState({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: FEED_KEY,
    queryFn: ({ signal }) =>
      apiGet('/market-calendar/feed', undefined, {
        loadSchema: () => schemas().then((m) => m.feedStateResponseSchema),
        signal,
      }),
    enabled,
  });
}

/** Creates (or regenerates) and revokes the private feed link. */
export function useFeedChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FEED_KEY });
  return {
    create: useMutation({
      mutationFn: () =>
        apiPost('/market-calendar/feed/create', undefined, {
          loadSchema: () => schemas().then((m) => m.feedCreatedResponseSchema),
        }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: () =>
        apiPost('/market-calendar/feed/revoke', undefined, {
          loadSchema: () => schemas().then((m) => m.feedStateResponseSchema),
        }),
      onSuccess: refresh,
    }),
  };
}
