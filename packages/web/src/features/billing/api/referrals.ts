import { referralsResponseSchema } from '@app/shared/api/billing';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { REFERRALS_QUERY_KEY } from './billing-query-keys';

export type Referrals = Omit<z.infer<typeof referralsResponseSchema>, 'status'>;
export type ReferralEntry = Referrals['ledger'][number];

/** GET /payment/referrals (login): the user's code, referred users and the reward ledger. */
export async function fetchReferrals(signal?: AbortSignal): Promise<Referrals> {
  const { code, referred, qualified, earned_cents, ledger } = await apiGet(
    '/payment/referrals',
    undefined,
    { schema: referralsResponseSchema, signal },
  );
  return { code, referred, qualified, earned_cents, ledger };
}

export function useReferrals(enabled: boolean) {
  return useQuery({
    queryKey: REFERRALS_QUERY_KEY,
    queryFn: ({ signal }) => fetchReferrals(signal),
    enabled,
  });
}
