import { z } from 'zod';
import { ClientIdSchema } from './common.ts';
import { TokenResponseSchema } from './identity.ts';
import { defineRoutes } from './route.ts';

/** Invitation keys live 7 days (DESIGN.md §3). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** SPEC.md §2 with DESIGN.md §7.3's spelling fixed. */
export const INVITATION_UNVERIFIED_MESSAGE =
  'We were unable to verify your invitation. Please ask the sender to send you another invitation.';
/** SPEC.md §8 with DESIGN.md §7.3's spelling fixed. */
export const INVITATION_SYSTEM_ERROR_MESSAGE = 'Unable To Complete Account Due To A System Communication Error';

export const InvitationKeySchema = z
  .string({ error: 'InvitationKey is required.' })
  .trim()
  .min(1, 'InvitationKey is required.')
  .max(200, 'InvitationKey is not valid.');

export const ValidateInvitationRequestSchema = z.object({ InvitationKey: InvitationKeySchema });

export const InvitationInfoSchema = z.object({
  FirstName: z.string().describe('The invited person’s first name'),
  CompanyName: z.string().describe('The inviting tenant'),
  Email: z.string().describe('The address the invitation was sent to; it becomes the sign-in name'),
});
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>;

export const CompleteInvitationRequestSchema = z.object({
  InvitationKey: InvitationKeySchema,
  Password: z.string({ error: 'Please enter your password!' }).min(1, 'Please enter your password!').max(512),
  ConfirmPassword: z.string().max(512).optional().describe('When sent, it must equal Password (DESIGN.md §7.5)'),
  ClientId: ClientIdSchema,
});

export const invitationRoutes = defineRoutes({
  validateInvitation: {
    method: 'POST',
    path: '/api/UserProfileInvitationClient/ValidateInvitation',
    access: 'anonymous',
    summary: 'Checks an invitation key; answers who is invited by which company, or 404 when the key is unknown, used or expired.',
    body: ValidateInvitationRequestSchema,
    response: InvitationInfoSchema,
    tags: ['invitations'],
  },
  completeInvitation: {
    method: 'POST',
    path: '/api/UserProfileInvitationClient/CompleteInvitation',
    access: 'anonymous',
    summary: 'Sets the invited person’s password (password rules apply), uses up the key and signs the person in.',
    body: CompleteInvitationRequestSchema,
    response: TokenResponseSchema,
    tags: ['invitations'],
  },
});
