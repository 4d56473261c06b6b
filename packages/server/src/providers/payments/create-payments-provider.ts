import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import { createOfflinePaymentsProvider, type OfflineSessionStore } from './offline-payments.ts';
import type { PaymentsProvider } from './payments-provider.ts';
import { createStripePaymentsProvider } from './stripe-payments.ts';

/** The provider PAYMENTS_PROVIDER selects (`offline` by default). */
export function createPaymentsProvider(
  config: AppConfig,
  deps: { sessions: OfflineSessionStore; now: () => Date },
): PaymentsProvider {
  if (config.paymentsProvider === 'stripe' && config.stripe) {
    return createStripePaymentsProvider(config.stripe, deps.now);
  }
  return createOfflinePaymentsProvider({
    secret: config.paymentsOfflineSecret ?? randomBytes(32).toString('hex'),
    sessions: deps.sessions,
    now: deps.now,
  });
}
