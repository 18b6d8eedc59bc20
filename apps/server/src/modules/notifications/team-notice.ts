import { type TeamRoleId, teamRoleName } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { teams } from '../../schema/teams.ts';
import { users } from '../../schema/tenants.ts';
import { buildPublicUrl } from '../mail/index.ts';
import { withNotificationDefaults } from '../people/index.ts';
import { queueNotification } from './notification-mail.ts';

export type TeamChange = { kind: 'added'; roleId: TeamRoleId } | { kind: 'role'; roleId: TeamRoleId } | { kind: 'removed' };

/**
 * "Team changes" (DESIGN.md §11): the person added to a team, given another role in it or removed
 * from it hears of it by mail and in the app, in the caller's transaction — if they chose it, are
 * active and have joined, and did not make the change themselves.
 */
export const notifyTeamChange = async (
  ctx: AppContext,
  tx: Db,
  input: { tenantId: string; actorId: string; userId: string; teamId: string; change: TeamChange },
): Promise<void> => {
  if (input.actorId === input.userId) return;
  const [person] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      active: users.active,
      passwordHash: users.passwordHash,
      settings: users.notificationSettings,
    })
    .from(users)
    .where(and(eq(users.tenantId, input.tenantId), eq(users.id, input.userId)));
  if (!person?.active || person.passwordHash === null || !withNotificationDefaults(person.settings).TeamChanges) return;
  const [team] = await tx
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.tenantId, input.tenantId), eq(teams.id, input.teamId)));
  const [actor] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, input.tenantId), eq(users.id, input.actorId)));
  const teamName = team?.name ?? 'a team';
  const actorName = actor ? `${actor.firstName} ${actor.lastName}` : 'Someone';
  const { change } = input;
  const title =
    change.kind === 'added'
      ? `You were added to ${teamName} as ${teamRoleName(change.roleId)}`
      : change.kind === 'role'
        ? `Your role in ${teamName} is now ${teamRoleName(change.roleId)}`
        : `You were removed from ${teamName}`;
  const body =
    change.kind === 'removed'
      ? `${actorName} removed you from the team. Its plans are no longer shown to you.`
      : `${actorName} made the change. You see the team's plans under Plans.`;
  const link = change.kind === 'removed' ? '/teams' : '/plans';
  await queueNotification(ctx, tx, {
    tenantId: input.tenantId,
    kind: 'team',
    to: { userId: input.userId, email: person.email },
    mail: {
      subject: title,
      heading: title,
      paragraphs: [`Hi ${person.firstName},`, body],
      action: { label: change.kind === 'removed' ? 'Open your teams' : 'Open the plans', url: buildPublicUrl(ctx.config.publicUrl, link) },
    },
    inbox: { kind: 'team', title, body, link },
  });
};
