import { z } from 'zod';
import { IdSchema, NameSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';
import { TenantRoleSchema } from './tenants.ts';

/** Team roles of GetRoles (DESIGN.md §4): 1 Lead, 2 Planner, 3 Viewer. */
export const TEAM_ROLES = [
  { Id: 1, Name: 'Lead', Description: 'Manages the team’s plans and members.' },
  { Id: 2, Name: 'Planner', Description: 'Edits budget items, expenses and comments.' },
  { Id: 3, Name: 'Viewer', Description: 'Reads the team’s plans.' },
] as const;
export const TEAM_ROLE_LEAD = 1 as const;
export const TEAM_ROLE_PLANNER = 2 as const;
export const TEAM_ROLE_VIEWER = 3 as const;

export const TeamRoleIdSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'TeamRoleId must be 1 (Lead), 2 (Planner) or 3 (Viewer).' })
  .describe('1 Lead, 2 Planner, 3 Viewer');
export type TeamRoleId = z.infer<typeof TeamRoleIdSchema>;

export const teamRoleName = (id: TeamRoleId): string => TEAM_ROLES.find((role) => role.Id === id)?.Name ?? 'Unknown';

export const TeamSchema = z.object({ Id: IdSchema, Name: z.string(), Active: z.boolean(), Version: RowVersionSchema });
export type Team = z.infer<typeof TeamSchema>;

/** A team of the context picker, with whether the caller may create and manage its plans (Owner, Admin, the team's Lead). */
export const MyTeamSchema = TeamSchema.extend({ CanManagePlans: z.boolean() });
export type MyTeam = z.infer<typeof MyTeamSchema>;

export const TeamRoleSchema = z.object({ Id: TeamRoleIdSchema, Name: z.string(), Description: z.string() });

export const TeamViewSchema = TeamSchema.extend({
  MemberCount: z.number().int().describe('People in the team'),
  MyTeamRoleId: TeamRoleIdSchema.nullable().describe('The caller’s role in the team, null when not a member'),
});
export type TeamView = z.infer<typeof TeamViewSchema>;

export const TeamMemberSchema = z.object({
  TeamId: IdSchema,
  UserProfileId: IdSchema,
  TeamRoleId: TeamRoleIdSchema,
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Active: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const UserTeamRoleSchema = z.object({
  TeamId: IdSchema,
  TeamName: z.string(),
  UserProfileId: IdSchema,
  TeamRoleId: TeamRoleIdSchema,
});
export type UserTeamRole = z.infer<typeof UserTeamRoleSchema>;

export const UserListViewRowSchema = z.object({
  Id: IdSchema,
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Active: z.boolean(),
  TenantRole: TenantRoleSchema,
  Teams: z.array(UserTeamRoleSchema.omit({ UserProfileId: true })),
});
export type UserListViewRow = z.infer<typeof UserListViewRowSchema>;

export const TeamSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema,
    Active: z.boolean().optional().describe('Defaults to true for a new team'),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .superRefine(requireVersionOnUpdate);

export const TeamDeleteRequestSchema = z.object({ Id: IdSchema, Version: VersionSchema });

export const TeamListRequestSchema = z
  .object({
    UserProfileId: IdSchema.optional().describe('Only the teams this person belongs to'),
    Name: z.string().trim().max(200).optional().describe('Only teams whose name contains this text'),
  })
  .describe('Either filter, or none for every team the caller may see');

export const ChangeTeamMemberRequestSchema = z
  .object({
    TeamId: IdSchema,
    UserProfileId: IdSchema,
    TeamRoleId: TeamRoleIdSchema.optional(),
    Add: z.boolean().optional().describe('Add the person with TeamRoleId'),
    Update: z.boolean().optional().describe('Change the person’s role to TeamRoleId'),
  })
  .refine((value) => !(value.Add && value.Update), { message: 'Choose Add or Update, not both.', path: ['Add'] })
  .refine((value) => !(value.Add || value.Update) || value.TeamRoleId !== undefined, {
    message: 'TeamRoleId is required to add or update a member.',
    path: ['TeamRoleId'],
  })
  .describe('Add (Add: true), change the role (Update: true) or remove (neither) one member');

const ById = z.object({ Id: IdSchema });

export const teamRoutes = defineRoutes({
  get: {
    method: 'POST',
    path: '/api/TeamClient/Get',
    access: 'authenticated',
    summary: 'One team the caller may see.',
    body: ById,
    response: TeamSchema,
    tags: ['teams'],
  },
  myList: {
    method: 'POST',
    path: '/api/TeamClient/MyList',
    access: 'authenticated',
    summary:
      'The active teams the caller works in, by name (Owners and Admins: every active team), with whether the caller manages their plans. The context team picker reads this.',
    body: z.object({}).optional(),
    response: z.array(MyTeamSchema),
    tags: ['teams'],
  },
  list: {
    method: 'POST',
    path: '/api/TeamClient/List',
    access: 'authenticated',
    summary: 'Teams the caller may see, optionally those of one person or matching a name.',
    body: TeamListRequestSchema,
    response: z.array(TeamSchema),
    tags: ['teams'],
  },
  listView: {
    method: 'POST',
    path: '/api/TeamClient/ListView',
    access: 'authenticated',
    summary: 'Teams the caller may see, with member counts and the caller’s role.',
    body: z.object({}).optional(),
    response: z.array(TeamViewSchema),
    tags: ['teams'],
  },
  getUserTeamRoles: {
    method: 'POST',
    path: '/api/TeamClient/GetUserTeamRoles',
    access: 'authenticated',
    summary: 'A person’s team memberships (the caller’s own, or anyone’s for Owners and Admins).',
    body: z.object({ UserProfileId: IdSchema }),
    response: z.array(UserTeamRoleSchema),
    tags: ['teams'],
  },
  save: {
    method: 'POST',
    path: '/api/TeamClient/Save',
    access: 'Account.Teams',
    summary:
      'Create (empty Id) or rename/activate a team (with the Version read: a stale one answers 409). Creating counts against the plan’s team quota.',
    body: TeamSaveRequestSchema,
    response: TeamSchema,
    tags: ['teams'],
  },
  changeTeamMember: {
    method: 'POST',
    path: '/api/TeamClient/ChangeTeamMember',
    access: 'authenticated',
    permission: 'team.changeMember',
    summary: 'Add, re-role or remove a team member (Owners, Admins and the team’s Leads).',
    body: ChangeTeamMemberRequestSchema,
    response: z.array(TeamMemberSchema),
    tags: ['teams'],
  },
  getTeamMembers: {
    method: 'POST',
    path: '/api/TeamClient/GetTeamMembers',
    access: 'authenticated',
    summary: 'The members of a team the caller may see, with their roles.',
    body: ById,
    response: z.array(TeamMemberSchema),
    tags: ['teams'],
  },
  getRoles: {
    method: 'POST',
    path: '/api/TeamClient/GetRoles',
    access: 'authenticated',
    summary: 'The team roles: Lead (1), Planner (2), Viewer (3).',
    body: z.object({}).optional(),
    response: z.array(TeamRoleSchema),
    tags: ['teams'],
  },
  userListView: {
    method: 'POST',
    path: '/api/TeamClient/UserListView',
    access: 'authenticated',
    summary: 'The tenant’s people with their teams (Owners, Admins and team Leads, who pick members from it).',
    body: z.object({}).optional(),
    response: z.array(UserListViewRowSchema),
    tags: ['teams'],
  },
  delete: {
    method: 'POST',
    path: '/api/TeamClient/Delete',
    access: 'Account.Teams',
    summary: 'Delete a team that has no plans (its memberships go with it), with the Version read (a stale one answers 409).',
    body: TeamDeleteRequestSchema,
    response: z.literal(true),
    tags: ['teams'],
  },
});
