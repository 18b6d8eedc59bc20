import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The webhooks' outgoing HTTP (DESIGN.md §18). In production a receiver must be on the public
 * internet: an address in a private, loopback, link-local, unique-local, carrier-grade NAT, multicast
 * or reserved range (IPv4, IPv6, and IPv4 written inside IPv6) is refused — at Save, and again at
 * each delivery when the connection looks the name up (so a name that resolves elsewhere later, DNS
 * rebinding, is still refused). The ranges are ipaddr.js's: only its `unicast` (global) range passes.
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

const refusal = (host: string, address: string) =>
  new RefusedAddressError(
    host === address
      ? `${address} is a ${addressRange(address) ?? 'non-public'} address: webhooks reach public addresses only.`
      : `${host} resolves to ${address}, a ${addressRange(address) ?? 'non-public'} address: webhooks reach public addresses only.`,
  );

const lookupAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * Why this host may not receive webhooks, or null when every address it resolves to is public.
 * Throws when the name does not resolve.
 */
export const checkPublicHost = async (hostname: string): Promise<RefusedAddressError | null> => {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : refusal(host, host);
  const addresses = await lookupAll(host);
  const bad = addresses.find((entry) => !isPublicAddress(entry.address));
  return bad ? refusal(host, bad.address) : null;
};

/** A connect-time lookup that refuses the connection when the name resolves to a non-public address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return (callback as (error: Error) => void)(error);
    const list = addresses as LookupAddress[];
    const bad = list.find((entry) => !isPublicAddress(entry.address));
    if (bad || list.length === 0) return (callback as (error: Error) => void)(refusal(hostname, bad?.address ?? 'no address'));
    if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, list);
    const [first] = list as [LookupAddress];
    return (callback as (error: null, address: string, family: number) => void)(null, first.address, first.family);
  });
};

export type PostOutcome = { status: number; ms: number };

/**
 * POSTs `body` and answers the receiver's status (any, 2xx or not) and how long it took; throws on no
 * answer (refused address, DNS failure, connection error, timeout) with a message for the log.
 */
export const postJson = async (options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  publicOnly: boolean;
}): Promise<PostOutcome> => {
  const url = new URL(options.url);
  if (options.publicOnly) {
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    // An address in the URL is not looked up: judge it here.
    if (ipaddr.isValid(host) && !isPublicAddress(host)) throw refusal(host, host);
  }
  const client = url.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise<PostOutcome>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body), ...options.headers },
        timeout: options.timeoutMs,
        ...(options.publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        // The answer's body is not kept: read and dropped, at most until the timeout.
        response.on('data', () => undefined);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: Math.round(performance.now() - started) }));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s.`)));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('close', () => clearTimeout(timer));
    request.end(options.body);
  });
};
