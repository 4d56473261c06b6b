const SCHEME = /^([a-z][a-z\d+.-]*):/i;

/**
 * The `href`/`src` a markdown link may keep: http(s), relative and `#` URLs. Anything with another
 * scheme (`javascript:`, `data:`, `mailto:`…) is dropped, which leaves the link text as plain text.
 */
export function safeMarkdownUrl(url: string): string | undefined {
  // Browsers ignore control characters and surrounding spaces when they read a scheme.
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  if (cleaned === '') return undefined;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return cleaned;
  return scheme === 'http' || scheme === 'https' ? cleaned : undefined;
}

/** Whether a (safe) markdown URL leaves the site: absolute http(s) or protocol-relative. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?[/\\]{2}/i.test(url);
}
