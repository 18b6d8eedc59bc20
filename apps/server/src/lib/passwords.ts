import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@plansmith/contract';

// argon2id with OWASP's minimum: m = 19 MiB, t = 2, p = 1 (DESIGN.md §3).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/** A hash of a random string: verifying against it makes an unknown user cost the same as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const verifyPassword = async (passwordHash: string | null | undefined, password: string): Promise<boolean> => {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
};

/** Returns a message for the user when the password breaks a rule, or null when it is acceptable. */
export const checkPasswordRules = (password: string, context: { email?: string } = {}): string | null => {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password can be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common. Please choose another.';
  if (context.email && password.toLowerCase() === context.email.toLowerCase()) {
    return 'Password cannot be your email address.';
  }
  return null;
};
