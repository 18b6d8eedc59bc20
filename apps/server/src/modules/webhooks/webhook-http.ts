import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import {
  addressRange,
  checkPublicHost as checkHost,
  isPublicAddress,
  publicOnlyLookup,
  RefusedAddressError,
  refusedAddress,
} from '../../lib/public-address.ts';

/**
 * The webhooks' outgoing HTTP (DESIGN.md §18). In production a receiver must be on the public
 * internet: an address in a private, loopback, link-local, unique-local, carrier-grade NAT, multicast
 * or reserved range (IPv4, IPv6, and IPv4 written inside IPv6) is refused — at Save, and again at
 * each delivery when the connection looks the name up (so a name that resolves elsewhere later, DNS
 * rebinding, is still refused). The ranges are ipaddr.js's: only its `unicast` (global) range passes.
 */

const WHY = 'webhooks reach public addresses only.';

export { addressRange, isPublicAddress, RefusedAddressError };

const refusal = (host: string, address: string) => refusedAddress(host, address, WHY);

/**
 * Why this host may not receive webhooks, or null when every address it resolves to is public.
 * Throws when the name does not resolve.
 */
export const checkPublicHost = (hostname: string): Promise<RefusedAddressError | null> => checkHost(hostname, WHY);

/** The connect-time lookup: the name is judged on the very answer the connection uses (against DNS rebinding). */
const connectLookup = publicOnlyLookup(WHY);

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
        ...(options.publicOnly ? { lookup: connectLookup } : {}),
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
