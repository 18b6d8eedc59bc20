import { foreignKey, boolean, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenants.ts';
import { rowVersion } from './row-version.ts';

export const teams = pgTable(
  'teams',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made it or last changed it (migration 1020's trigger, from the transaction's actor): named in a stale write's 409. */
    changedBy: uuid('changed_by'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);

/** 1 Lead, 2 Planner, 3 Viewer. */
export type TeamRoleId = 1 | 2 | 3;

export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    teamRoleId: smallint('team_role_id').$type<TeamRoleId>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.teamId, table.userId] }),
    foreignKey({ columns: [table.tenantId, table.teamId], foreignColumns: [teams.tenantId, teams.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
