import { CLIENT_ID, type PlanCode } from '@plansmith/contract';
import { hashPassword } from '../src/lib/passwords.ts';
import { newId } from '../src/lib/ids.ts';
import { teamMembers, teams } from '../src/schema/teams.ts';
import { tenants, type TenantRoleCode, users } from '../src/schema/tenants.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'correct-horse-battery-staple';
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

export type TestUser = { id: string; email: string; role: TenantRoleCode; teamRoleId: 1 | 2 | 3 | null };

export type TestTenant = {
  id: string;
  name: string;
  teamId: string;
  /** Owner; Admin; Member (team Planner); Viewer (tenant Member with team role Viewer); Outsider (Member in no team). */
  users: { owner: TestUser; admin: TestUser; member: TestUser; viewer: TestUser; outsider: TestUser };
  /** Signs in and returns an access token for one of the tenant's users. */
  tokenFor: (who: keyof TestTenant['users']) => Promise<string>;
};

let tenantCounter = 0;

/**
 * A tenant with an Owner, an Admin, a Member (Planner in the team), a Viewer (Viewer in the team),
 * an Outsider (Member in no team) and one team. Every user's password is TEST_PASSWORD.
 */
export const createTenant = async (t: TestApp, options: { name?: string; planCode?: PlanCode } = {}): Promise<TestTenant> => {
  tenantCounter += 1;
  const tenantId = newId();
  const teamId = newId();
  const name = options.name ?? `Tenant ${tenantCounter}`;
  const slug = `${tenantId.slice(0, 8)}`;
  const hash = await testPasswordHash();
  const make = (role: TenantRoleCode, label: string, teamRoleId: 1 | 2 | 3 | null): TestUser => ({
    id: newId(),
    email: `${label}-${slug}@example.test`,
    role,
    teamRoleId,
  });
  const people = {
    owner: make('owner', 'owner', 1),
    admin: make('admin', 'admin', 1),
    member: make('member', 'member', 2),
    viewer: make('member', 'viewer', 3),
    outsider: make('member', 'outsider', null),
  };
  await t.ctx.db.transaction(async (tx) => {
    await tx.insert(tenants).values({ id: tenantId, name, planCode: options.planCode ?? 'performance' });
    await tx.insert(users).values(
      Object.entries(people).map(([label, person]) => ({
        tenantId,
        id: person.id,
        email: person.email,
        passwordHash: hash,
        firstName: label[0]?.toUpperCase() + label.slice(1),
        lastName: name,
        tenantRole: person.role,
      })),
    );
    await tx.insert(teams).values({ tenantId, id: teamId, name: `${name} Team` });
    await tx.insert(teamMembers).values(
      Object.values(people)
        .filter((person) => person.teamRoleId !== null)
        .map((person) => ({ tenantId, teamId, userId: person.id, teamRoleId: person.teamRoleId as 1 | 2 | 3 })),
    );
  });
  const tokens = new Map<string, string>();
  return {
    id: tenantId,
    name,
    teamId,
    users: people,
    tokenFor: async (who) => {
      const cached = tokens.get(who);
      if (cached) return cached;
      const token = (await login(t, people[who].email)).AccessToken as string;
      tokens.set(who, token);
      return token;
    },
  };
};

export const login = async (t: TestApp, email: string, password = TEST_PASSWORD) => {
  const response = await t.post('/api/identity/token/user', { Username: email, Password: password, ClientId: CLIENT_ID });
  if (response.status !== 200) throw new Error(`login failed for ${email}: ${response.status} ${response.text}`);
  return response.body as { AccessToken: string; RefreshToken: string; Expiration: string };
};
