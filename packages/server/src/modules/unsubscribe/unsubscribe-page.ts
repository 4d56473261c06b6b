import type { UnsubscribeKind } from '../../db/schema.ts';

/**
 * The one-click unsubscribe pages of every mail: server-rendered, no script (the CSP allows
 * none inline), a plain form post to the same URL (mail scanners that open the link unsubscribe
 * nobody; RFC 8058 clients post directly).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** What the mails of each kind are called on the page. */
const MAILS_OF_KIND: Record<UnsubscribeKind, string> = {
  instant: 'instant alerts',
  rule: 'e-mails of this alert rule',
  daily: 'daily e-mail alerts',
  weekly: 'weekly e-mail summaries',
  newsletter: 'weekly market insights',
};

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${escape(title)} · StockPulse</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}
@media (prefers-color-scheme:dark){body{background:#141517;color:#e9ecef}a{color:#74c0fc}}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}
.error{color:#e03131}</style></head>
<body><p><a href="/">StockPulse</a></p>${body}</body></html>`;

export function unsubscribeAskPage(token: string, kind: UnsubscribeKind, email: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop sending StockPulse ${escape(MAILS_OF_KIND[kind])} to <strong>${escape(email)}</strong>?</p>
<form method="post" action="/api/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribeDonePage(kind: UnsubscribeKind, email: string): string {
  const next =
    kind === 'newsletter'
      ? 'You can subscribe again on the <a href="/landing">home page</a> at any time.'
      : 'Your other notifications are unchanged; turn any of them on or off on your <a href="/pages/user">profile</a>.';
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p><strong>${escape(email)}</strong> will receive no more ${escape(MAILS_OF_KIND[kind])} from StockPulse. ${next}</p>`,
  );
}

export function unsubscribeInvalidPage(message: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p class="error" role="alert">${escape(message)}</p>
<p>Turn notifications off on your <a href="/pages/user">profile</a>, or write to us through the <a href="/contact">contact page</a> and we will remove your address.</p>`,
  );
}
