import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets Plansmith must use again later (an SSO client secret, a webhook's signing secret) are kept
 * encrypted at rest with AES-256-GCM under the key of `SSO_SECRET_KEY` (config.secretKey). The stored
 * form is `v1.<iv>.<tag>.<ciphertext>` in base64url: a changed byte or another key fails to open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretBoxError extends Error {}

export const sealSecret = (key: Buffer, plaintext: string): string => {
  if (key.length !== 32) throw new SecretBoxError('The secret key must be 32 bytes.');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
};

/** Opens what sealSecret made with the same key; throws SecretBoxError otherwise (tampered, other key). */
export const openSecret = (key: Buffer, sealed: string): string => {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) {
    throw new SecretBoxError('The stored secret is not in a form this version reads.');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('The stored secret cannot be opened with this SSO_SECRET_KEY.');
  }
};
