import * as z from 'zod/mini';

/**
 * The body of every failure (DESIGN.md §2). Written with zod/mini, like the stored session
 * (session.ts): the web's API client reads it on every page, so with full zod every first load
 * carried all of zod (84 KB) for these two small objects. The server uses it as any other schema.
 */
export const FieldErrorSchema = z.object({ Field: z.string(), Message: z.string() });

/**
 * The row a 409 is about, so the app can link to it (e.g. an import's Undo refused because
 * "Row 3 … was changed after the import": /expenses/{Id} or /budget/{Id}).
 */
export const ConflictRowSchema = z.object({
  Entity: z.string(),
  Id: z.string(),
  /** A stale write (DESIGN.md §13): the row's version now, and who changed it when, if known. */
  Version: z.optional(z.number()),
  ChangedBy: z.optional(z.nullable(z.string())),
  ChangedAt: z.optional(z.nullable(z.string())),
});

/** Every failure answers this body with the right HTTP status (DESIGN.md §2). */
export const ErrorBodySchema = z.object({
  /** null, except on a stale write's 409: the row (or rows) as they are now (DESIGN.md §13). */
  Result: z.unknown(),
  Message: z.string(),
  Errors: z.optional(z.array(FieldErrorSchema)),
  /** A 409's row, when the conflict is about one row. */
  Conflict: z.optional(ConflictRowSchema),
  RequestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type FieldError = z.infer<typeof FieldErrorSchema>;
export type ConflictRow = z.infer<typeof ConflictRowSchema>;
