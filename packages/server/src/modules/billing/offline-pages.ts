import type { PlanInfo, SubscriptionState } from '@app/shared/api/billing';
import { PLANS } from '@app/shared/api/billing';

/**
 * The offline provider's test-mode checkout and portal pages: small, server-rendered, no script
 * (the CSP allows none inline), plain form posts.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}
.badge{background:#ffe8a3;padding:.1rem .4rem;border-radius:4px;font-size:.8rem}
label{display:block;margin:.8rem 0 .2rem}input,select{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;width:100%}.error{color:#c92a2a}</style></head>
<body>${body}</body></html>`;

export function checkoutPage(
  sessionId: string,
  plan: PlanInfo | undefined,
  trialDays: number,
  error: string | null,
): string {
  const name = plan?.name ?? 'Unknown plan';
  const price = plan?.price_usd === null || !plan ? '' : `$${plan.price_usd.toFixed(2)} / month`;
  return page(
    `Checkout · ${name}`,
    `<p><span class="badge">TEST MODE</span></p>
<h1>Subscribe to ${escape(name)}</h1>
<p>${escape(price)}${trialDays > 0 ? ` after a ${trialDays}-day free trial` : ''}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/api/payment/offline/checkout/${encodeURIComponent(sessionId)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" placeholder="12 / 34" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123" required>
<button type="submit">Subscribe</button>
</form>
<p><small>Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</small></p>`,
  );
}

export function portalPage(sessionId: string, state: SubscriptionState, returnUrl: string): string {
  const plan = PLANS.find((p) => p.id === state.subscription);
  const action = `/api/payment/offline/portal/${encodeURIComponent(sessionId)}`;
  const ends = state.current_period_end
    ? new Date(state.current_period_end * 1000).toISOString().slice(0, 10)
    : '—';
  const options = PLANS.filter((p) => p.price_usd !== null)
    .map(
      (p) =>
        `<option value="${p.id}"${p.id === state.subscription ? ' selected' : ''}>${escape(p.name)} ($${String(p.price_usd)}/month)</option>`,
    )
    .join('');
  return page(
    'Manage subscription',
    `<p><span class="badge">TEST MODE</span></p>
<h1>Your subscription</h1>
<p>Plan: <strong>${escape(plan?.name ?? 'none')}</strong> · status: ${escape(state.subscription_status || 'none')}</p>
<p>${state.cancel_at_period_end ? 'Ends' : 'Renews'} on ${ends}</p>
<form method="post" action="${action}"><input type="hidden" name="action" value="change">
<label for="plan">Change plan</label><select id="plan" name="plan">${options}</select>
<button type="submit">Change plan</button></form>
<form method="post" action="${action}">
<input type="hidden" name="action" value="${state.cancel_at_period_end ? 'resume' : 'cancel'}">
<button type="submit">${state.cancel_at_period_end ? 'Resume subscription' : 'Cancel at period end'}</button></form>
<p><a href="${escape(returnUrl)}">Return to StockPulse</a></p>`,
  );
}
