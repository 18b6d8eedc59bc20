import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, RowVersionSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/*
 * Approvals (DESIGN.md §15): a team's policy says from which Amount an expense saved as Committed or
 * Actual by someone who is not an approver waits as a request; a pending expense counts as Requested,
 * never inside Committed or Actual, until an approver decides.
 */

/** An expense's approval on the wire: null when it never needed one. */
export const EXPENSE_APPROVALS = ['Pending', 'Approved', 'Rejected'] as const;
export const ExpenseApprovalSchema = z.enum(EXPENSE_APPROVALS).nullable();
export type ExpenseApproval = z.infer<typeof ExpenseApprovalSchema>;

export const APPROVAL_REQUEST_STATUSES = ['Pending', 'Approved', 'Rejected', 'Withdrawn'] as const;
export const ApprovalRequestStatusSchema = z.enum(APPROVAL_REQUEST_STATUSES);
export type ApprovalRequestStatus = z.infer<typeof ApprovalRequestStatusSchema>;

export const APPROVAL_KINDS = ['Expense', 'BudgetChange'] as const;
export const ApprovalKindSchema = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKindSchema>;

/** The most people a policy may name. */
export const MAX_APPROVERS = 50;

/** 'Leads': the team's Leads decide; a list: exactly those people (Admins and Owners may always decide). */
export const ApproversSchema = z
  .union([
    z.literal('Leads'),
    z
      .array(IdSchema)
      .min(1, 'Name at least one approver, or choose the team’s Leads.')
      .max(MAX_APPROVERS, `At most ${MAX_APPROVERS} approvers.`),
  ])
  .describe("'Leads' (the team's Leads) or the user ids of the approvers");
export type Approvers = z.infer<typeof ApproversSchema>;

const ThresholdSchema = MoneySchema.refine((value) => value >= 0, 'A threshold cannot be negative.')
  .nullable()
  .describe('US dollars; at or above it the change waits for approval; null = off');

export const ApprovalPolicySchema = z.object({
  TeamId: IdSchema,
  ExpenseThreshold: z.number().nullable().describe('US dollars; null = expenses never wait'),
  BudgetChangeThreshold: z.number().nullable().describe('US dollars; null = budget changes after the lock never wait'),
  Approvers: z.union([z.literal('Leads'), z.array(IdSchema)]),
  /** The people who decide now: the Leads or the named approvers, with their names. */
  ApproverPeople: z.array(z.object({ Id: IdSchema, Name: z.string() })),
  Version: RowVersionSchema,
});
export type ApprovalPolicy = z.infer<typeof ApprovalPolicySchema>;

export const GetApprovalPolicyRequestSchema = z.object({ TeamId: IdSchema });

export const SaveApprovalPolicyRequestSchema = z.object({
  TeamId: IdSchema,
  ExpenseThreshold: ThresholdSchema,
  BudgetChangeThreshold: ThresholdSchema,
  Approvers: ApproversSchema,
  Version: VersionSchema.describe('The policy’s Version as read (every team has one from its creation)'),
});
export type SaveApprovalPolicyRequest = z.input<typeof SaveApprovalPolicyRequestSchema>;

export const ApprovalRequestSchema = z.object({
  Id: IdSchema,
  Version: RowVersionSchema,
  Kind: ApprovalKindSchema,
  Status: ApprovalRequestStatusSchema,
  Requester: z.object({ Id: IdSchema.nullable(), Name: z.string() }),
  RequestedAt: InstantSchema,
  What: z.string().describe('The expense’s name, or the budget change in words'),
  Amount: z.number().describe('US dollars asked for'),
  RequestedStatus: z
    .union([z.literal(2), z.literal(3)])
    .nullable()
    .describe('An expense: the status approving gives it'),
  ExpenseId: IdSchema.nullable(),
  Plan: z.object({ Id: IdSchema, Name: z.string() }),
  TeamId: IdSchema,
  Item: z.object({ Id: IdSchema, Name: z.string() }).nullable(),
  ItemBudget: z.number().nullable().describe('The item’s Amount'),
  AvailableBefore: z.number().nullable().describe('Item Amount − Committed − Actual without this request'),
  AvailableAfter: z.number().nullable().describe('… and with it approved'),
  Change: z
    .object({
      BudgetBefore: z.number().describe('The item’s Amount when it was asked (US dollars)'),
      BudgetAfter: z.number().describe('… and with the change applied'),
      Months: z
        .array(
          z.object({
            Month: z.string().nullable().describe('YYYY-MM; null: the Amount of an unphased item'),
            Before: z.number(),
            After: z.number(),
          }),
        )
        .describe('Each changed month, before → after'),
      Reason: z.string(),
    })
    .nullish()
    .describe(
      'A budget change (Kind BudgetChange): what changes. Its Amount is the change’s size, |after − before| summed over the changed months (or the Amount of an unphased item); AvailableBefore/After are the item’s Amount − Committed − Actual without and with it',
    ),
  AgeDays: z.number().int().describe('Whole days since it was asked'),
  DecidedBy: z.object({ Id: IdSchema.nullable(), Name: z.string() }).nullable(),
  DecidedAt: InstantSchema.nullable(),
  Note: z.string().nullable(),
  CanDecide: z.boolean().describe('The caller may approve or reject it now'),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

/** The most requests one List answers (newest first). */
export const APPROVALS_LIST_LIMIT = 500;

export const ListApprovalsRequestSchema = z.object({
  Status: ApprovalRequestStatusSchema.optional(),
  Mine: z.boolean().optional().describe('Only the requests I asked'),
});

const NoteSchema = z.string().trim().max(2000, 'A note can be at most 2000 characters.');

export const ApproveRequestSchema = z.object({
  RequestId: IdSchema,
  Version: VersionSchema,
  Note: NoteSchema.optional(),
});
export const RejectRequestSchema = z.object({
  RequestId: IdSchema,
  Version: VersionSchema,
  Note: NoteSchema.min(1, 'Say why: a rejection needs a note.'),
});

export const ApprovalCountSchema = z.object({
  WaitingForMe: z.number().int().nonnegative(),
  MinePending: z.number().int().nonnegative(),
});

export const approvalRoutes = defineRoutes({
  getPolicy: {
    method: 'POST',
    path: '/api/ApprovalClient/GetPolicy',
    access: 'authenticated',
    summary: 'A team’s approval policy (anyone who sees the team).',
    body: GetApprovalPolicyRequestSchema,
    response: ApprovalPolicySchema,
    tags: ['approvals'],
  },
  savePolicy: {
    method: 'POST',
    path: '/api/ApprovalClient/SavePolicy',
    access: 'authenticated',
    permission: 'approval.policy',
    summary: 'Save a team’s approval policy (the team’s Lead, an Admin or the Owner). Approvers must see the team.',
    body: SaveApprovalPolicyRequestSchema,
    response: ApprovalPolicySchema,
    tags: ['approvals'],
  },
  list: {
    method: 'POST',
    path: '/api/ApprovalClient/List',
    access: 'authenticated',
    summary: `Requests the caller may see, newest first (at most ${APPROVALS_LIST_LIMIT}): those waiting for them as approver, their own, or all for Admins.`,
    body: ListApprovalsRequestSchema,
    response: z.array(ApprovalRequestSchema),
    tags: ['approvals'],
  },
  getCount: {
    method: 'POST',
    path: '/api/ApprovalClient/GetCount',
    access: 'authenticated',
    summary: 'How many pending requests wait for the caller (the navigation badge), and how many of their own wait.',
    body: z.object({}).optional(),
    response: ApprovalCountSchema,
    tags: ['approvals'],
  },
  approve: {
    method: 'POST',
    path: '/api/ApprovalClient/Approve',
    access: 'authenticated',
    permission: 'approval.decide',
    summary:
      'Approve a pending request: the expense takes the status it was saved with; a budget change is applied in the same transaction (kept as budget changes with the requester’s reason), or 409 with nothing applied when the item’s budget changed since it was asked (reject it and ask again). Nobody decides their own.',
    body: ApproveRequestSchema,
    response: ApprovalRequestSchema,
    tags: ['approvals'],
  },
  reject: {
    method: 'POST',
    path: '/api/ApprovalClient/Reject',
    access: 'authenticated',
    permission: 'approval.decide',
    summary:
      'Reject a pending request with a note: the expense becomes Planned with the note; a budget change is discarded (the budget unchanged).',
    body: RejectRequestSchema,
    response: ApprovalRequestSchema,
    tags: ['approvals'],
  },
});
