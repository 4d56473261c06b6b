import { checkoutResponseSchema } from '@app/shared/api/billing';
import { PLAN_IDS } from '@app/shared/api/billing';
import type { PlanId } from '@app/shared/api/billing';
import { apiGet } from './api-client';
import { leavePage } from './leave-page';

/**
 * Spec §7: GET /payment/create_checkout_session?product={tier} answers the provider's checkout
 * `url`, and the browser goes there. Shared by the pricing page (billing) and the register page
 * (users: `?trial={tier}` continues to checkout), which may not import each other.
 */
export async function fetchCheckoutUrl(product: PlanId, { trial = false } = {}): Promise<string> {
  // `trial` (a visitor who came through /register?trial=) gives a first subscription its trial days.
  const { url } = await apiGet(
    '/payment/create_checkout_session',
    { product, trial: trial ? product : undefined },
    { schema: checkoutResponseSchema },
  );
  return url;
}

/** Opens the checkout of `product`; spec §8: a failure only logs (resolves false). */
export async function startCheckout(
  product: PlanId,
  options?: { trial?: boolean },
): Promise<boolean> {
  try {
    leavePage(await fetchCheckoutUrl(product, options));
    return true;
  } catch (error) {
    console.error(`Checkout of ${product} failed`, error);
    return false;
  }
}

/** Whether `value` names a paid plan (a `?trial=` or `?product=` from a URL). */
export function isPlanId(value: string | null | undefined): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value ?? '');
}
