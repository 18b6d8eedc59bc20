import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { teamMembers, teams } from '../schema/teams.ts';
import { tenants, users } from '../schema/tenants.ts';
import { DEMO } from './demo-ids.ts';

/** The demo tenant, its owner, an Admin, a Member and a Viewer, two teams. */
export const seedDemoIdentity = async (db: Db): Promise<void> => {
  await db
    .insert(tenants)
    .values({ id: DEMO.tenantId, name: 'Acme Marketing', planCode: 'performance', metaData: { CompletedNewAccountSetup: true } })
    .onConflictDoNothing();
  const passwordHash = await hashPassword(DEMO.password);
  await db
    .insert(users)
    .values(
      Object.values(DEMO.users).map((user) => ({
        tenantId: DEMO.tenantId,
        id: user.id,
        email: user.email,
        passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        tenantRole: user.role,
        metaData: { CompletedNewUserTour: user.role === 'owner' },
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(teams)
    .values(Object.values(DEMO.teams).map((team) => ({ tenantId: DEMO.tenantId, id: team.id, name: team.name })))
    .onConflictDoNothing();
  const { owner, admin, member, viewer } = DEMO.users;
  const { brand, demandGen } = DEMO.teams;
  await db
    .insert(teamMembers)
    .values([
      { tenantId: DEMO.tenantId, teamId: brand.id, userId: owner.id, teamRoleId: 1 },
      { tenantId: DEMO.tenantId, teamId: demandGen.id, userId: owner.id, teamRoleId: 1 },
      { tenantId: DEMO.tenantId, teamId: brand.id, userId: admin.id, teamRoleId: 1 },
      { tenantId: DEMO.tenantId, teamId: brand.id, userId: member.id, teamRoleId: 2 },
      { tenantId: DEMO.tenantId, teamId: demandGen.id, userId: member.id, teamRoleId: 2 },
      { tenantId: DEMO.tenantId, teamId: brand.id, userId: viewer.id, teamRoleId: 3 },
    ])
    .onConflictDoNothing();
};
