/**
 * The one-click unsubscribe page of a newsletter link: server-rendered, no script (the CSP allows
 * none inline), a plain form post to the same URL.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${escape(title)} · StockPulse</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.5}
@media (prefers-color-scheme:dark){body{background:#141517;color:#e9ecef}a{color:#74c0fc}}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}
.error{color:#e03131}</style></head>
<body><p><a href="/">StockPulse</a></p>${body}</body></html>`;

export function unsubscribeAskPage(token: string, email: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1>
<p>Stop sending StockPulse's weekly market insights to <strong>${escape(email)}</strong>?</p>
<form method="post" action="/api/subscription/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribeDonePage(email: string): string {
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p><strong>${escape(email)}</strong> will receive no more newsletters from StockPulse. You can subscribe again on the <a href="/landing">home page</a> at any time.</p>`,
  );
}

export function unsubscribeInvalidPage(message: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p class="error" role="alert">${escape(message)}</p>
<p>Write to us through the <a href="/contact">contact page</a> and we will remove your address.</p>`,
  );
}
