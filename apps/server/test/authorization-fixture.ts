// One of everything in a tenant, made fresh for each operation of the generated suites, and the
// field → value table that fills any route's body with those rows' ids.
import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AccessRole } from '../src/modules/access/index.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { budgetItemForecasts } from '../src/schema/forecast.ts';
import { fxRates } from '../src/schema/currencies.ts';
import { approvalRequests } from '../src/schema/approvals.ts';
import { customFields } from '../src/schema/custom-fields.ts';
import { expenseViews } from '../src/schema/expense-views.ts';
import { savedReports } from '../src/schema/saved-reports.ts';
import { webhooks } from '../src/schema/webhooks.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { randomBytes } from 'node:crypto';
import { expenses } from '../src/schema/expenses.ts';
import { imports } from '../src/schema/imports.ts';
import { lookups } from '../src/schema/lookups.ts';
import { inboxNotifications } from '../src/schema/notifications.ts';
import { products } from '../src/schema/products.ts';
import { type TeamRoleId, teamMembers, teams } from '../src/schema/teams.ts';
import { users } from '../src/schema/tenants.ts';
import { ssoDomains, ssoSettings } from '../src/schema/sso.ts';
import { login, TEST_PASSWORD, type TestTenant } from './factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from './planning-factories.ts';
import type { TestApp } from './test-app.ts';

/** Every name in a fixture contains it, so search routes are asked for exactly these rows. */
export const FIXTURE_TERM = 'Fixturezq';

export type EntityFixture = {
  teamId: string;
  planId: string;
  categoryId: string;
  glCodeId: string;
  itemId: string;
  expenseId: string;
  commentId: string;
  noteId: string;
  objectiveId: string;
  objectiveResultId: string;
  /** A play (a plan in State 3, the playbook's) in the same team. */
  playId: string;
  /** An in-app notification of the tenant's Owner (the bell's inbox). */
  notificationId: string;
  /** An import into the plan (nothing created by it), for Undo. */
  importId: string;
  /** The tenant's funnel stage: the plan has a funnel model, the stage's setting and one grid cell (FIXTURE_MONTH). */
  funnelStageId: string;
  /** A pending approval request (DESIGN.md §15) for a second expense of the plan, asked by the tenant's Member. */
  requestId: string;
  /** A saved view of /expenses, the tenant's Owner's own (private to them). */
  expenseViewId: string;
  customFieldId: string;
  /** A campaign of the plan (DESIGN.md §16), without sub-campaigns. */
  campaignId: string;
  /** A saved report of the report builder, the tenant's Owner's own (private to them), on the plan. */
  savedReportId: string;
  /** An inactive webhook of the tenant (DESIGN.md §18): inactive, so the suites' writes queue no deliveries. */
  webhookId: string;
};

/** The month of the fixture plan's funnel grid cell (actual and forecast saved). */
export const FIXTURE_MONTH = '2026-03';

/** The tenant's fixture funnel stage (lookup type 2), made once per tenant. */
const fixtureStage = async (t: TestApp, tenant: TestTenant): Promise<string> => {
  const name = `${FIXTURE_TERM} stage`;
  const [found] = await t.ctx.db
    .select({ id: lookups.id })
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenant.id), eq(lookups.lookupType, 2), eq(lookups.name, name)));
  if (found) return found.id;
  const id = newId();
  await t.ctx.db.insert(lookups).values({ tenantId: tenant.id, id, name, lookupType: 2, sortOrder: 10 });
  return id;
};

let counter = 0;

/**
 * A team (the tenant's Viewer is a Viewer in it; its Member and Outsider are not in it) with a
 * plan, a category, a GL code, a budget item, an expense, a comment, a note, an objective with one result and a play.
 */
export const createEntityFixture = async (t: TestApp, tenant: TestTenant, ownerToken?: string): Promise<EntityFixture> => {
  counter += 1;
  const label = `${FIXTURE_TERM} ${counter}`;
  const teamId = newId();
  await t.ctx.db.insert(teams).values({ tenantId: tenant.id, id: teamId, name: `${label} team` });
  await t.ctx.db.insert(teamMembers).values({ tenantId: tenant.id, teamId, userId: tenant.users.viewer.id, teamRoleId: 3 });
  const plan = await createPlan(t, tenant, { teamId, name: `${label} plan` });
  const play = await createPlan(t, tenant, { teamId, name: `${label} play`, state: 3 });
  const category = await createCategory(t, tenant, { name: `${label} category` });
  const glCode = await createGlCode(t, tenant, `${label} GL`);
  const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 100_000, name: `${label} item` });
  const expense = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 12_345,
    name: `${label} expense`,
    payee: `${label} payee`,
  });
  // A saved forecast cell (FIXTURE_MONTH), so ForecastClient/Save's Version names a row.
  await t.ctx.db
    .insert(budgetItemForecasts)
    .values({ tenantId: tenant.id, budgetItemId: item.id, month: `${FIXTURE_MONTH}-01`, amountCents: 90_000 });
  // The tenant's EUR rate of FIXTURE_MONTH, so CurrencyClient/SaveRates' Version names a row (one per tenant).
  await t.ctx.db
    .insert(fxRates)
    .values({ tenantId: tenant.id, currency: 'EUR', month: `${FIXTURE_MONTH}-01`, rate: '1.08' })
    .onConflictDoNothing();
  const owner = ownerToken ?? (await login(t, tenant.users.owner.email)).AccessToken;
  const target = { EntityType: 'MarketingPlan', EntityId: plan.id };
  const comment = await t.post('/api/CommentsClient/Save', { ...target, Description: `${label} comment` }, owner);
  const note = await t.post('/api/ActivityClient/Save', { ...target, Description: `${label} note` }, owner);
  const objective = await t.post(
    '/api/ObjectiveClient/Save',
    { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: `${label} objective`, MetricType: 1, TargetValue: 100 },
    owner,
  );
  expect(comment.status, comment.text).toBe(200);
  expect(note.status, note.text).toBe(200);
  expect(objective.status, objective.text).toBe(200);
  const objectiveId: string = objective.body.Result.Id;
  const notificationId = newId();
  await t.ctx.db.insert(inboxNotifications).values({
    tenantId: tenant.id,
    id: notificationId,
    userId: tenant.users.owner.id,
    kind: 'comment',
    title: `${label} notification`,
    link: `/plans/${plan.id}`,
    createdAt: new Date(),
  });
  const importId = newId();
  await t.ctx.db.insert(imports).values({
    tenantId: tenant.id,
    id: importId,
    marketingPlanId: plan.id,
    kind: 'Expenses',
    fileName: `${label} import.csv`,
    createdBy: tenant.users.owner.id,
    createdCount: 0,
    skippedCount: 0,
  });
  const result = await t.post('/api/ObjectiveClient/SaveResult', { ObjectiveId: objectiveId, Date: '2026-03-01', Value: 7 }, owner);
  expect(result.status, result.text).toBe(200);
  const requestId = newId();
  const pending = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 600_000,
    name: `${label} request`,
    status: 2,
  });
  await t.ctx.db
    .update(expenses)
    .set({ approval: 1 })
    .where(and(eq(expenses.tenantId, tenant.id), eq(expenses.id, pending.id)));
  await t.ctx.db.insert(approvalRequests).values({
    tenantId: tenant.id,
    id: requestId,
    kind: 1,
    marketingPlanId: plan.id,
    budgetItemId: item.id,
    expenseId: pending.id,
    what: `${label} request`,
    amountCents: 600_000,
    requestedStatus: 2,
    requestedBy: tenant.users.member.id,
  });
  const funnelStageId = await fixtureStage(t, tenant);
  const funnel = await t.post(
    '/api/FunnelClient/Save',
    {
      MarketingPlanId: plan.id,
      RevenueGoal: 100_000,
      AverageDealSize: 1_000,
      Stages: [{ FunnelStageId: funnelStageId, ConversionRate: null, VelocityDays: 0 }],
    },
    owner,
  );
  expect(funnel.status, funnel.text).toBe(200);
  const cell = await t.post(
    '/api/FunnelClient/SaveActuals',
    { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: funnelStageId, Month: FIXTURE_MONTH, Count: 5 }] },
    owner,
  );
  expect(cell.status, cell.text).toBe(200);
  const expenseViewId = newId();
  await t.ctx.db.insert(expenseViews).values({
    tenantId: tenant.id,
    id: expenseViewId,
    userId: tenant.users.owner.id,
    name: `${label} view`,
    filters: {},
    columns: ['Name'],
  });
  const customFieldId = newId();
  await t.ctx.db
    .insert(customFields)
    .values({ tenantId: tenant.id, id: customFieldId, entity: 1, name: `${label} field ${customFieldId.slice(0, 8)}`, type: 1 });
  const savedReportId = newId();
  await t.ctx.db.insert(savedReports).values({
    tenantId: tenant.id,
    id: savedReportId,
    ownerId: tenant.users.owner.id,
    name: `${label} report`,
    definition: fixtureReportDefinition(plan.id),
  });
  const webhookId = newId();
  await t.ctx.db.insert(webhooks).values({
    tenantId: tenant.id,
    id: webhookId,
    url: 'http://127.0.0.1:9/fixture-hook',
    events: ['expense.created'],
    active: false,
    secretSealed: sealSecret(t.ctx.config.secretKey ?? randomBytes(32), 'whsec_fixture'),
  });
  // The tenant's single sign-on settings (one per tenant, DESIGN.md §18), so SsoClient/Save's Version names a row.
  await t.ctx.db
    .insert(ssoSettings)
    .values({
      tenantId: tenant.id,
      issuerUrl: 'https://login.example.com',
      clientId: 'fixture-client',
      clientSecretSealed: sealSecret(t.ctx.config.secretKey ?? randomBytes(32), 'fixture-client-secret'),
      defaultRole: 'member',
    })
    .onConflictDoNothing();
  await t.ctx.db
    .insert(ssoDomains)
    .values({ tenantId: tenant.id, domain: ssoFixtureDomain(tenant.id) })
    .onConflictDoNothing();
  const campaign = await t.post('/api/CampaignClient/Save', { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: `${label} campaign` }, owner);
  expect(campaign.status, campaign.text).toBe(200);
  return {
    campaignId: campaign.body.Result.Id,
    savedReportId,
    webhookId,
    teamId,
    planId: plan.id,
    categoryId: category.id,
    glCodeId: glCode.id,
    itemId: item.id,
    expenseId: expense.id,
    commentId: comment.body.Result.Id,
    noteId: note.body.Result.Id,
    objectiveId,
    objectiveResultId: result.body.Result.Results[0].Id,
    playId: play.id,
    notificationId,
    importId,
    funnelStageId,
    requestId,
    expenseViewId,
    customFieldId,
  };
};

/** A tenant Member who will hold one team role in every fixture's team (`joinFixtureTeam`). */
export type FixtureMember = { id: string; email: string; role: Extract<AccessRole, 'lead' | 'planner' | 'viewer'> };

const TEAM_ROLE_IDS: Record<FixtureMember['role'], TeamRoleId> = { lead: 1, planner: 2, viewer: 3 };

/** A Member of the tenant in no team yet, to be made Lead or Planner of each fixture's team. */
export const createFixtureMember = async (t: TestApp, tenant: TestTenant, role: 'lead' | 'planner'): Promise<FixtureMember> => {
  const id = newId();
  const email = `fixture-${role}-${id.slice(0, 8)}@example.test`;
  await t.ctx.db.insert(users).values({
    tenantId: tenant.id,
    id,
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstName: role === 'lead' ? 'Lead' : 'Planner',
    lastName: tenant.name,
    tenantRole: 'member',
  });
  return { id, email, role };
};

/** Puts a fixture member into the fixture's team with their team role. */
export const joinFixtureTeam = async (t: TestApp, tenant: TestTenant, fixture: EntityFixture, member: FixtureMember) => {
  await t.ctx.db
    .insert(teamMembers)
    .values({ tenantId: tenant.id, teamId: fixture.teamId, userId: member.id, teamRoleId: TEAM_ROLE_IDS[member.role] });
};

/** A report builder definition on one plan (a saved report's, a pivot's without its period). */
const fixtureReportDefinition = (planId: string) => ({
  MarketingPlanIds: [planId],
  Rows: ['Category'],
  Columns: 'None',
  Measures: ['Budget', 'Actual'],
  Filters: [],
  Compare: 'None',
});

/** A product id for billing bodies (products are not tenant-owned). */
export const anyProductId = async (t: TestApp): Promise<string> => {
  const [row] = await t.ctx.db.select({ id: products.id }).from(products).limit(1);
  if (!row) throw new Error('no product in the database');
  return row.id;
};

// Which entity a bare `Id` names, by the route's client (/api/<Client>/<Verb>).
const ID_OF_CLIENT: Record<string, (fixture: EntityFixture, tenant: TestTenant) => string> = {
  MarketingPlanClient: (fixture) => fixture.planId,
  BudgetItemClient: (fixture) => fixture.itemId,
  BudgetCategoryClient: (fixture) => fixture.categoryId,
  ExpenseClient: (fixture) => fixture.expenseId,
  ExpenseViewClient: (fixture) => fixture.expenseViewId,
  CustomFieldClient: (fixture) => fixture.customFieldId,
  TeamClient: (fixture) => fixture.teamId,
  LookupClient: (fixture) => fixture.glCodeId,
  CommentsClient: (fixture) => fixture.commentId,
  CommentClient: (fixture) => fixture.commentId,
  ActivityClient: (fixture) => fixture.noteId,
  ObjectiveClient: (fixture) => fixture.objectiveId,
  CampaignClient: (fixture) => fixture.campaignId,
  SavedReportClient: (fixture) => fixture.savedReportId,
  WebhookClient: (fixture) => fixture.webhookId,
  UserProfileClient: (_fixture, tenant) => tenant.users.outsider.id,
};

// Routes whose fields name other rows than their names say: a result's `Id`, a play's `MarketingPlanId`.
const toPlay = (fixture: EntityFixture) => ({ MarketingPlanId: fixture.playId });
const FIELDS_OF_PATH: Record<string, (fixture: EntityFixture) => Record<string, unknown>> = {
  '/api/ObjectiveClient/SaveResult': (fixture) => ({ Id: fixture.objectiveResultId }),
  '/api/PlaybookClient/Preview': toPlay,
  '/api/PlaybookClient/Rename': toPlay,
  '/api/PlaybookClient/Delete': toPlay,
  // The funnel's rows: its model and stage setting, and the grid cell of FIXTURE_MONTH.
  '/api/FunnelClient/Save': (fixture) => ({ FunnelStageId: fixture.funnelStageId }),
  '/api/FunnelClient/SaveActuals': (fixture) => ({ FunnelStageId: fixture.funnelStageId, Month: FIXTURE_MONTH }),
  '/api/ExpectationClient/Save': (fixture) => ({ FunnelStageId: fixture.funnelStageId, Month: FIXTURE_MONTH }),
  // A reallocation names the fixture's item at both ends (refused 400 after the access and version checks) in a month of its plan.
  '/api/BudgetItemClient/Reallocate': (fixture) => ({
    FromBudgetItemId: fixture.itemId,
    ToBudgetItemId: fixture.itemId,
    Month: FIXTURE_MONTH,
  }),
  // The item's saved forecast cell.
  '/api/ForecastClient/Save': () => ({ Month: FIXTURE_MONTH }),
  // A view shows at least one of the table's columns.
  '/api/ExpenseViewClient/Save': () => ({ Columns: ['Name'] }),
  // The fixture's field is a budget item Text field; a name of its own (names are unique per entity).
  '/api/CustomFieldClient/Save': (fixture) => ({
    Entity: 'BudgetItem',
    Type: 'Text',
    Options: [],
    Name: `Field ${fixture.customFieldId.slice(0, 8)}`,
  }),
  // The report builder on the fixture's plan (a saved report's definition names it too).
  '/api/ReportClient/Pivot': (fixture) => ({ ...fixtureReportDefinition(fixture.planId), From: '2026-01-01', To: '2026-12-31' }),
  '/api/SavedReportClient/Save': (fixture) => ({ Definition: fixtureReportDefinition(fixture.planId) }),
  // The tenant's EUR rate of the fixture's month.
  '/api/CurrencyClient/SaveRates': () => ({ Currency: 'EUR', Month: FIXTURE_MONTH }),
  // Single sign-on: an https issuer (Save does not call it); Test calls one that refuses at once.
  '/api/SsoClient/Test': () => ({ IssuerUrl: 'http://127.0.0.1:9/fixture-issuer' }),
  // A webhook's URL (http outside production; nothing listens on port 9) and one event.
  '/api/WebhookClient/Save': () => ({ Url: 'http://127.0.0.1:9/fixture-hook', Events: ['expense.created'] }),
};

/** The e-mail domain of a tenant's fixture SSO settings (a domain belongs to one tenant). */
const ssoFixtureDomain = (tenantId: string) => `sso-${tenantId.slice(0, 8)}.example.test`;

/** The value each id-like field takes in a body sent to `path`, pointing at the fixture's rows. */
export const fixtureValues = (path: string, fixture: EntityFixture, tenant: TestTenant, productId: string) => {
  const client = path.split('/')[2] ?? '';
  const named: Record<string, unknown> = {
    MarketingPlanId: fixture.planId,
    BudgetItemId: fixture.itemId,
    BudgetCategoryId: fixture.categoryId,
    GeneralLedgerCodeId: fixture.glCodeId,
    ExpenseId: fixture.expenseId,
    TeamId: fixture.teamId,
    CommentId: fixture.commentId,
    ActivityId: fixture.noteId,
    ObjectiveId: fixture.objectiveId,
    ObjectiveResultId: fixture.objectiveResultId,
    CampaignId: fixture.campaignId,
    SourcePlanId: fixture.playId,
    LookupInfoId: fixture.glCodeId,
    UserProfileId: tenant.users.outsider.id,
    EntityType: 'MarketingPlan',
    EntityId: fixture.planId,
    ProductId: productId,
    NotificationId: fixture.notificationId,
    ImportId: fixture.importId,
    RequestId: fixture.requestId,
    WebhookId: fixture.webhookId,
    Query: FIXTURE_TERM,
  };
  const idOfClient = ID_OF_CLIENT[client];
  if (idOfClient) named.Id = idOfClient(fixture, tenant);
  if (client === 'SsoClient') Object.assign(named, { IssuerUrl: 'https://login.example.com', Domains: [ssoFixtureDomain(tenant.id)] });
  Object.assign(named, FIELDS_OF_PATH[path]?.(fixture));
  return (name: string): unknown => named[name];
};

/** The ids of the fixture's team and of what lives in it (plans, items, expenses, comments, notes). */
export const teamScopedIds = (fixture: EntityFixture): string[] => [
  fixture.teamId,
  fixture.planId,
  fixture.itemId,
  fixture.expenseId,
  fixture.commentId,
  fixture.noteId,
  fixture.objectiveId,
  fixture.objectiveResultId,
  fixture.playId,
  fixture.importId,
  fixture.requestId,
  fixture.campaignId,
];

/** Every id a tenant's fixture and people carry: none may appear in another tenant's answers. */
export const idsOf = (fixture: EntityFixture, tenant: TestTenant): string[] => [
  tenant.id,
  tenant.teamId,
  ...Object.values(fixture),
  ...Object.values(tenant.users).map((user) => user.id),
];
