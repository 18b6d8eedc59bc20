import type { FieldError } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors.ts';

const MAX_REPORTED = 20;

/** Dotted paths (`Items.0.Name`, like validation errors) of every string or key holding a NUL. */
export const findNulFields = (value: unknown, at = '', found: string[] = []): string[] => {
  if (found.length >= MAX_REPORTED) return found;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(at || 'body');
    return found;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return found;
  for (const [key, child] of Object.entries(value)) {
    // A NUL in a key names the object holding it; the key itself may not be printable.
    if (key.includes('\u0000')) found.push(at || 'body');
    else findNulFields(child, at ? `${at}.${key}` : key, found);
  }
  return found;
};

/**
 * PostgreSQL cannot store a NUL character in text (22021), so one in any field would reach the
 * database and fail there. Every route's parsed body, query and path parameters are checked
 * once, after validation and after authentication, so no route has to remember it.
 */
export const registerNulGuard = (app: FastifyInstance): void => {
  app.addHook('preHandler', (request, _reply, done) => {
    const fields = findNulFields(request.params, '', findNulFields(request.query, '', findNulFields(request.body)));
    if (fields.length === 0) return done();
    const errors: FieldError[] = fields.map((field) => ({ Field: field, Message: `${field} must not contain a NUL character (\\u0000).` }));
    done(badRequest(errors[0]?.Message ?? 'The request contains a NUL character.', errors));
  });
};
