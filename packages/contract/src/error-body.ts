import * as z from 'zod/mini';

/**
 * The body of every failure (DESIGN.md §2). Written with zod/mini, like the stored session
 * (session.ts): the web's API client reads it on every page, so with full zod every first load
 * carried all of zod (84 KB) for these two small objects. The server uses it as any other schema.
 */
export const FieldErrorSchema = z.object({ Field: z.string(), Message: z.string() });

/** Every failure answers this body with the right HTTP status (DESIGN.md §2). */
export const ErrorBodySchema = z.object({
  Result: z.null(),
  Message: z.string(),
  Errors: z.optional(z.array(FieldErrorSchema)),
  RequestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type FieldError = z.infer<typeof FieldErrorSchema>;
