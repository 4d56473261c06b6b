import { SITE_DOMAINS } from './site-config';

/**
 * The absolute URL of `path` on the site as seen from `currentOrigin`, with an alternate domain
 * (see `SITE_DOMAINS`) rewritten to the main origin.
 */
export function absoluteSiteUrl(
  path: string,
  currentOrigin: string,
  domains: { mainOrigin: string; alternateHosts: readonly string[] } = SITE_DOMAINS,
): string {
  const url = new URL(path, currentOrigin);
  const host = url.host.toLowerCase();
  if (domains.alternateHosts.some((alternate) => alternate.toLowerCase() === host)) {
    const main = new URL(domains.mainOrigin);
    url.protocol = main.protocol;
    url.host = main.host;
  }
  return url.href;
}
