import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A 256-bit random key, URL-safe (refresh tokens, recovery, verification and invitation keys). */
export const generateKey = (): string => randomBytes(32).toString('base64url');

/** Keys are stored only as their SHA-256. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
