import { UNSUBSCRIBE_KIND_LABELS } from '@app/shared/api/alerts';

/**
 * The one-click unsubscribe pages of alert and digest mails: server-rendered, no script (the CSP
 * allows none inline), a plain form post to the same URL (mail scanners that open the link
 * unsubscribe nobody; RFC 8058 clients post directly).
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type Kind = keyof typeof UNSUBSCRIBE_KIND_LABELS;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${escape(title)} · StockPulse</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}
@media (prefers-color-scheme:dark){body{background:#141517;color:#e9ecef}a{color:#74c0fc}}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}
.error{color:#e03131}</style></head>
<body><p><a href="/">StockPulse</a></p>${body}</body></html>`;

export function alertUnsubscribeAskPage(token: string, kind: Kind, email: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop sending StockPulse ${escape(UNSUBSCRIBE_KIND_LABELS[kind])} to <strong>${escape(email)}</strong>?</p>
<form method="post" action="/api/alerts/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function alertUnsubscribeDonePage(kind: Kind): string {
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p>You will receive no more ${escape(UNSUBSCRIBE_KIND_LABELS[kind])}. Your other notifications are unchanged; turn any of them on or off on your <a href="/pages/user">profile</a>.</p>`,
  );
}

export function alertUnsubscribeInvalidPage(message: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p class="error" role="alert">${escape(message)}</p>
<p>Turn notifications off on your <a href="/pages/user">profile</a>, or write to us through the <a href="/contact">contact page</a>.</p>`,
  );
}
