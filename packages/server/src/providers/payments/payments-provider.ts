/**
 * Payments behind one interface: `offline` (our own test-mode checkout, the default)
 * or `stripe`. A provider creates checkouts and portal links and verifies webhook signatures;
 * what an event means for a user is the billing module's business.
 */

/** A provider event as Stripe shapes it (the offline provider builds the same shape). */
export type PaymentEvent = {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  data: { object: Record<string, unknown> };
};

export type PaymentCustomer = {
  id: string;
  email: string;
  /** The provider's customer id once known (reused for every checkout). */
  customerId: string | null;
};

export type CheckoutRequest = {
  user: PaymentCustomer;
  plan: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
};

export class InvalidSignatureError extends Error {}

export type PaymentsProvider = {
  name: 'offline' | 'stripe';
  /** The checkout page's URL; `customerId` is the customer the checkout will charge (new or reused). */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; customerId: string | null }>;
  /** Where the customer manages the subscription. */
  portalUrl(user: PaymentCustomer, returnUrl: string): Promise<string>;
  /** The event a signed body carries; throws InvalidSignatureError when the signature fails. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string): PaymentEvent;
  /**
   * A credit worth `amountCents` on the customer's next invoice (a referral's free month).
   * Answers false when the provider has no balance and the caller extends the period itself.
   */
  creditCustomer(customerId: string, amountCents: number, description: string): Promise<boolean>;
  /** Offline only: signs an event we built, for the webhook handler to verify like any other. */
  sign?: (event: PaymentEvent) => { body: string; header: string };
};
