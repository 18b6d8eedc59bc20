import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { buildPublicUrl } from '../mail/index.ts';
import { formatMoneyIn, type MoneyFormat } from '@plansmith/contract/display-format';
import { formatCents, queueNotification, readerFormats } from '../notifications/index.ts';
import { withNotificationDefaults } from '../people/index.ts';
import { decidesFor } from './approval-rules.ts';
import * as repo from './approvals.repository.ts';

export const requestPath = (requestId: string): string => `/approvals?request=${requestId}`;

const STATUS_WORDS = { 2: 'committed', 3: 'actual' } as const;

export type NewRequestNotice = {
  tenantId: string;
  teamId: string;
  requestId: string;
  requesterId: string;
  requesterName: string;
  what: string;
  amountCents: number;
  /** An expense in another currency than the base: its own amount, shown before the base one (DESIGN.md §17). */
  ownAmount?: { currency: string; amount: number } | null;
  /** An expense's status as saved; null for a budget change (then `body` says what is asked). */
  requestedStatus: 2 | 3 | null;
  planName: string;
  itemName: string | null;
  /** Item Amount − Committed − Actual without the request. */
  availableCents: number | null;
  /** The mail's sentence when it is not an expense's (a budget change, DESIGN.md §15). */
  body?: string;
};

/** Who hears of a new request: the people who decide it (not the requester), active, joined, who chose approval mail. */
export const listDeciders = async (db: Db, tenantId: string, teamId: string, requesterId: string): Promise<repo.Person[]> => {
  const policy = await repo.findPolicy(db, tenantId, teamId);
  const approverIds = policy?.approverIds ?? null;
  const candidates =
    approverIds === null ? await repo.findLeadsAndAdmins(db, tenantId, teamId) : await repo.findPeople(db, tenantId, teamId, approverIds);
  const deciders = candidates.filter(
    (person) =>
      person.id !== requesterId &&
      person.active &&
      person.joined &&
      decidesFor({ userId: person.id, tenantRole: person.tenantRole, teamRoleId: person.teamRoleId }, { approverIds }),
  );
  // With the Leads deciding, the team's Leads hear of it; Admins and Owners only when the team has no Lead.
  if (approverIds !== null) return deciders;
  const leads = deciders.filter((person) => person.teamRoleId === 1);
  return leads.length > 0 ? leads : deciders;
};

/** Each approver hears of a new request, by mail and in the app, in the request's transaction. */
export const notifyNewRequest = async (ctx: AppContext, tx: Db, notice: NewRequestNotice): Promise<void> => {
  const deciders = await listDeciders(tx, notice.tenantId, notice.teamId, notice.requesterId);
  const link = requestPath(notice.requestId);
  // Each approver reads the amounts in their own locale, in the tenant's base currency (DESIGN.md §17).
  const formatFor = await readerFormats(
    tx,
    notice.tenantId,
    deciders.map((person) => person.id),
  );
  const texts = (format: MoneyFormat) => {
    // "€1,200.00 ($1,299.00)" for an expense in another currency: both amounts (DESIGN.md §17).
    const amount = notice.ownAmount
      ? `${formatMoneyIn(format.locale, notice.ownAmount.amount, notice.ownAmount.currency)} (${formatCents(notice.amountCents, format)})`
      : formatCents(notice.amountCents, format);
    const money = `${amount} ${notice.requestedStatus === null ? '' : STATUS_WORDS[notice.requestedStatus]}`;
    const title = notice.ownAmount ? `Approval needed: ${notice.what}, ${amount}` : `Approval needed: ${notice.what} (${amount})`;
    const against = notice.itemName ? ` against ${notice.itemName}` : '';
    const body =
      notice.body ??
      `${notice.requesterName} asks to record ${money}${against} in ${notice.planName}.${
        notice.availableCents === null
          ? ''
          : ` Available on the item: ${formatCents(notice.availableCents, format)} now, ${formatCents(notice.availableCents - notice.amountCents, format)} if approved.`
      }`;
    return { title, body };
  };
  for (const person of deciders) {
    if (!withNotificationDefaults(person.settings).Approvals) continue;
    const { title, body } = texts(formatFor(person.id));
    await queueNotification(ctx, tx, {
      tenantId: notice.tenantId,
      kind: 'approval',
      to: { userId: person.id, email: person.email },
      mail: {
        subject: title,
        heading: title,
        paragraphs: [
          `Hi ${person.firstName},`,
          body,
          notice.requestedStatus === null
            ? 'Until it is approved the budget stays as it is.'
            : 'Until it is approved it counts as Requested, not as spent.',
        ],
        action: { label: 'Review the request', url: buildPublicUrl(ctx.config.publicUrl, link) },
      },
      inbox: { kind: 'approval', title, body, link },
    });
  }
};

/** The requester hears of the decision (unless they turned approval mail off or are gone). */
export const notifyDecision = async (
  ctx: AppContext,
  tx: Db,
  input: {
    tenantId: string;
    teamId: string;
    requestId: string;
    requesterId: string | null;
    deciderName: string;
    approved: boolean;
    what: string;
    amountCents: number;
    note: string | null;
    /** A budget change's decision reads differently from an expense's. */
    budgetChange?: boolean;
  },
): Promise<void> => {
  if (!input.requesterId) return;
  const [person] = await repo.findPeople(tx, input.tenantId, input.teamId, [input.requesterId]);
  if (!person?.active || !person.joined || !withNotificationDefaults(person.settings).Approvals) return;
  const format = (await readerFormats(tx, input.tenantId, [person.id]))(person.id);
  const title = `${input.approved ? 'Approved' : 'Rejected'}: ${input.what} (${formatCents(input.amountCents, format)})`;
  const body = input.budgetChange
    ? input.approved
      ? `${input.deciderName} approved your budget change; it is applied.${input.note ? ` Note: ${input.note}` : ''}`
      : `${input.deciderName} rejected your budget change; the budget stays as it was. Why: ${input.note ?? ''}`
    : input.approved
      ? `${input.deciderName} approved your request; it now counts as spent.${input.note ? ` Note: ${input.note}` : ''}`
      : `${input.deciderName} rejected your request; the expense is Planned again. Why: ${input.note ?? ''}`;
  const link = requestPath(input.requestId);
  await queueNotification(ctx, tx, {
    tenantId: input.tenantId,
    kind: 'approval',
    to: { userId: person.id, email: person.email },
    mail: {
      subject: title,
      heading: title,
      paragraphs: [`Hi ${person.firstName},`, body],
      action: { label: 'Open the request', url: buildPublicUrl(ctx.config.publicUrl, link) },
    },
    inbox: { kind: 'approval', title, body, link },
  });
};

/** Each approver hears once of an import's requests, with the link to the queue. */
export const notifyImportRequests = async (
  ctx: AppContext,
  tx: Db,
  notice: {
    tenantId: string;
    teamId: string;
    requesterId: string;
    requesterName: string;
    planName: string;
    fileName: string;
    count: number;
    amountCents: number;
  },
): Promise<void> => {
  const deciders = await listDeciders(tx, notice.tenantId, notice.teamId, notice.requesterId);
  const link = '/approvals';
  const formatFor = await readerFormats(
    tx,
    notice.tenantId,
    deciders.map((person) => person.id),
  );
  const body = `${notice.requesterName} imported ${notice.fileName} into ${notice.planName}; ${notice.count} of its rows are at or above the team's threshold and wait for a decision.`;
  for (const person of deciders) {
    if (!withNotificationDefaults(person.settings).Approvals) continue;
    const title = `Approval needed: ${notice.count} imported ${notice.count === 1 ? 'expense' : 'expenses'} (${formatCents(notice.amountCents, formatFor(person.id))})`;
    await queueNotification(ctx, tx, {
      tenantId: notice.tenantId,
      kind: 'approval',
      to: { userId: person.id, email: person.email },
      mail: {
        subject: title,
        heading: title,
        paragraphs: [`Hi ${person.firstName},`, body, 'Until they are approved they count as Requested, not as spent.'],
        action: { label: 'Review the requests', url: buildPublicUrl(ctx.config.publicUrl, link) },
      },
      inbox: { kind: 'approval', title, body, link },
    });
  }
};
