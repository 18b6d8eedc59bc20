import dns, { type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether a host is on the public internet, for what the server fetches at an address someone else
 * chose (webhook receivers, an SSO identity provider): in production an address in a private,
 * loopback, link-local, unique-local, carrier-grade NAT, multicast or reserved range (IPv4, IPv6, and
 * IPv4 written inside IPv6) is refused. The ranges are ipaddr.js's: only its `unicast` (global) passes.
 */

export class RefusedAddressError extends Error {}

/** The range ipaddr.js puts an address in ('unicast' is the public internet), or null when it is not an address. */
export const addressRange = (address: string): string | null => {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return null;
  // process(): an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  return ipaddr.process(bare).range();
};

export const isPublicAddress = (address: string): boolean => addressRange(address) === 'unicast';

/** The refusal of `host` (resolving to `address`), ending with why only public addresses are reached. */
export const refusedAddress = (host: string, address: string, why: string): RefusedAddressError =>
  new RefusedAddressError(
    host === address
      ? `${address} is a ${addressRange(address) ?? 'non-public'} address: ${why}`
      : `${host} resolves to ${address}, a ${addressRange(address) ?? 'non-public'} address: ${why}`,
  );

const lookupAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) => {
    // dns.lookup read when called (not bound at import): a test can answer for a name as DNS would.
    dns.lookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * Why this host may not be reached (`why` ends the message), or null when every address it resolves
 * to is public. Throws when the name does not resolve.
 */
export const checkPublicHost = async (hostname: string, why: string): Promise<RefusedAddressError | null> => {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : refusedAddress(host, host, why);
  const addresses = await lookupAll(host);
  const bad = addresses.find((entry) => !isPublicAddress(entry.address));
  return bad ? refusedAddress(host, bad.address, why) : null;
};

/**
 * A connect-time lookup (for node:net / an undici Agent's `connect.lookup`) that refuses the connection
 * when the name resolves to a non-public address: the check and the connection use the same answer, so
 * a DNS change after an earlier check (DNS rebinding) cannot reach a private address. An address written
 * in the URL is not looked up by node:net: judge it with `checkPublicHost` before connecting.
 */
export const publicOnlyLookup =
  (why: string): LookupFunction =>
  (hostname, options, callback) => {
    lookupAll(hostname).then(
      (list) => {
        const bad = list.find((entry) => !isPublicAddress(entry.address));
        if (bad || list.length === 0)
          return (callback as (error: Error) => void)(refusedAddress(hostname, bad?.address ?? 'no address', why));
        const wanted = options.family === 4 || options.family === 6 ? list.filter((entry) => entry.family === options.family) : list;
        if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
        const [first] = wanted;
        if (!first) return (callback as (error: Error) => void)(new Error(`${hostname} has no IPv${options.family} address.`));
        return (callback as (error: null, address: string, family: number) => void)(null, first.address, first.family);
      },
      (error: Error) => (callback as (error: Error) => void)(error),
    );
  };
