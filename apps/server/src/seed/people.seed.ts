import { INVITATION_TTL_MS } from '@plansmith/contract';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { generateKey, hashKey } from '../lib/secrets.ts';
import { userKeys } from '../schema/identity.ts';
import { teamMembers, teams } from '../schema/teams.ts';
import { users } from '../schema/tenants.ts';
import { DEMO } from './demo-ids.ts';

/** More people of the demo tenant (issue 3): several teams, an inactive person and one pending invitation. */
export const DEMO_PEOPLE = {
  team: { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c03', name: 'Product Marketing' },
  people: {
    priya: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b11',
      email: 'priya@plansmith.test',
      firstName: 'Priya',
      lastName: 'Patel',
      role: 'member',
      active: true,
    },
    jordan: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b12',
      email: 'jordan@plansmith.test',
      firstName: 'Jordan',
      lastName: 'Kim',
      role: 'admin',
      active: true,
    },
    sam: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b13',
      email: 'sam@plansmith.test',
      firstName: 'Sam',
      lastName: 'Lee',
      role: 'member',
      active: true,
    },
    riley: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b14',
      email: 'riley@plansmith.test',
      firstName: 'Riley',
      lastName: 'Chen',
      role: 'member',
      active: false,
    },
    /** Invited, has not joined yet: no password, one pending invitation. */
    taylor: {
      id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0b15',
      email: 'taylor@plansmith.test',
      firstName: 'Taylor',
      lastName: 'Nguyen',
      role: 'member',
      active: true,
    },
  },
  invitationKeyId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0d01',
} as const;

export const seedDemoPeople = async (db: Db): Promise<void> => {
  const tenantId = DEMO.tenantId;
  const { team, people } = DEMO_PEOPLE;
  const passwordHash = await hashPassword(DEMO.password);
  await db.insert(teams).values({ tenantId, id: team.id, name: team.name }).onConflictDoNothing();
  await db
    .insert(users)
    .values(
      Object.values(people).map((person) => ({
        tenantId,
        id: person.id,
        email: person.email,
        passwordHash: person.id === people.taylor.id ? null : passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        active: person.active,
        tenantRole: person.role,
        metaData: { CompletedNewUserTour: false },
      })),
    )
    .onConflictDoNothing();
  const { brand, demandGen } = DEMO.teams;
  await db
    .insert(teamMembers)
    .values([
      { tenantId, teamId: demandGen.id, userId: people.priya.id, teamRoleId: 1 },
      { tenantId, teamId: team.id, userId: people.jordan.id, teamRoleId: 1 },
      { tenantId, teamId: team.id, userId: people.sam.id, teamRoleId: 2 },
      { tenantId, teamId: brand.id, userId: people.sam.id, teamRoleId: 3 },
      { tenantId, teamId: team.id, userId: people.priya.id, teamRoleId: 3 },
      { tenantId, teamId: team.id, userId: DEMO.users.owner.id, teamRoleId: 1 },
      { tenantId, teamId: demandGen.id, userId: people.riley.id, teamRoleId: 2 },
      { tenantId, teamId: team.id, userId: people.taylor.id, teamRoleId: 2 },
    ])
    .onConflictDoNothing();
  // The pending invitation's key is random and never shown: only its hash is kept, as for any invitation.
  // An admin who wants the link presses Resend on the People page.
  const now = new Date();
  await db
    .insert(userKeys)
    .values({
      tenantId,
      id: DEMO_PEOPLE.invitationKeyId,
      userId: people.taylor.id,
      purpose: 'invitation',
      keyHash: hashKey(generateKey()),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      createdBy: DEMO.users.owner.id,
      createdAt: now,
    })
    .onConflictDoNothing();
};
