import { createPaymentsProvider } from '../../providers/payments/create-payments-provider.ts';
import { createBillingAdminRepository } from '../billing/billing-admin.repository.ts';
import { createBillingRepository } from '../billing/billing.repository.ts';
import { createBillingService, type ReferralPage } from '../billing/billing.service.ts';
import { createReferralCache } from '../billing/referral-cache.ts';
import type { CompositionBase } from './service-deps.ts';

/** How long an offline checkout or portal page stays usable. */
const BILLING_SESSION_TTL_MS = 3_600_000;

/** Plans, payments and referrals: PAYMENTS_PROVIDER picks offline or stripe. */
export function composeBilling({ db, hub, config, log, clock }: CompositionBase) {
  const billingRepository = createBillingRepository(db);
  return createBillingService({
    repository: billingRepository,
    adminRepository: createBillingAdminRepository(db),
    provider: createPaymentsProvider(config, {
      now: () => clock.now(),
      sessions: {
        createSession: (session) =>
          billingRepository.createSession({
            ...session,
            createdAt: clock.now(),
            expiresAt: new Date(clock.now().getTime() + BILLING_SESSION_TTL_MS),
          }),
      },
    }),
    clock,
    publicUrl: config.publicUrl,
    log,
    referralCredit: !config.testMode.includes('payments'),
    planOfPrice: (priceId) =>
      Object.entries(config.stripe?.prices ?? {}).find(([, id]) => id === priceId)?.[0],
    // Referral pages kept in memory, dropped on the database's notices.
    ...(config.referralCache && { referralCache: createReferralCache<ReferralPage>({ hub }) }),
  });
}
