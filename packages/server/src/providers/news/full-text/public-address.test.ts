import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['172.15.255.255'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['192.169.0.1'],
    ['2606:4700:4700::1111'],
    ['2001:4860:4860::8888'],
    ['2a00:1450:4001:82b::200e'],
    ['::ffff:93.184.216.34'],
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['203.0.113.7', 'documentation'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::FFFF:192.168.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback in hex'],
    ['::a00:1', 'IPv4-compatible private'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated, ::/96)'],
    ['::808:808', 'IPv4-compatible in hex'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b::808:808', 'NAT64 (64:ff9b::/96 is never public here)'],
    ['64:ff9b:1::1', 'local-use NAT64 (64:ff9b:1::/48)'],
    ['64:ff9b:1:abcd::a00:1', 'local-use NAT64 (64:ff9b:1::/48)'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['2002:808:808::1', '6to4 (2002::/16 is never public here)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['5f00::1', 'segment routing'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([[''], ['not-an-ip'], ['127.1'], ['0x7f.0.0.1'], ['0177.0.0.1'], ['1.2.3.4.5'], ['::g']])(
    'refuses %j, which is not an IP address',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );
});
