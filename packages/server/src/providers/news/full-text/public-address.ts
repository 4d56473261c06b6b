import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * IPv6 global unicast: the only block public addresses are assigned from. Outside it lie the
 * forms that embed an IPv4 address (IPv4-compatible `::/96`, NAT64 `64:ff9b::/96` and
 * `64:ff9b:1::/48`), which a gateway would turn into a private or loopback one.
 */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * An IPv6 address as the WHATWG URL parser writes it (hex groups, no zone): ipaddr.js reads
 * `::a.b.c.d` as IPv4-mapped, but it is the IPv4-compatible `::/96` form.
 */
const canonicalIpv6 = (address: string): string =>
  new URL(`http://[${address.replace(/%.*$/s, '')}]/`).hostname.slice(1, -1);

/**
 * Whether an IP address is routable on the public internet: ipaddr.js names every special range
 * (loopback, private, link-local, carrier-grade NAT, multicast, 6to4, Teredo, documentation …)
 * and only its `unicast` is public. IPv4-mapped IPv6 is judged by the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  // Node's parser decides what is an address: ipaddr.js would also read `127.1` or `0x7f.0.0.1`.
  const family = isIP(address);
  if (family === 0) return false;
  try {
    if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
    const ip = ipaddr.IPv6.parse(canonicalIpv6(address));
    if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().range() === 'unicast';
    return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST);
  } catch {
    return false;
  }
}
