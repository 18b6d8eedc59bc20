import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { DEMO_MEMBER, DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { Mailbox } from './page-models/mailbox.ts';
import { watchRequests } from './page-models/quiet.ts';

// Approvals (issue 32, DESIGN.md §15) in the real browser: the Owner sets the Brand & Content team's
// expense threshold on the team settings screen; a Planner's Committed expense at the threshold waits
// (the dashboard shows it as Requested / Waiting for approval, not in Committed); the Lead hears of it
// by mail, follows the link to /approvals and approves → Committed includes it; a second request is
// rejected with a note → the Planner's expense is Planned with the note and the Planner gets the mail.

const EMPTY_ID = '00000000-0000-0000-0000-000000000000';
const BRAND = { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01', name: 'Brand & Content' };
const THRESHOLD = 2500;

type Call = (path: string, data: unknown) => Promise<{ status: number; Result: never; Message: string | null }>;

const apiAs = async (request: APIRequestContext, user: { email: string; password: string }): Promise<Call> => {
  const login = await request.post('/api/identity/token/user', {
    data: { Username: user.email, Password: user.password, ClientId: 'plansmith-web' },
  });
  expect(login.ok()).toBe(true);
  const { AccessToken } = (await login.json()) as { AccessToken: string };
  return async (path, data) => {
    const response = await request.post(path, { data, headers: { Authorization: `Bearer ${AccessToken}` } });
    const body = (await response.json()) as { Result: never; Message: string | null };
    return { status: response.status(), ...body };
  };
};

/** A 2027 plan of the Brand team of its own (the demo plan's Jan–Oct 2026 are closed), with one item. */
const arrangePlan = async (owner: Call, name: string) => {
  const categories = (await owner('/api/BudgetCategoryClient/GetBudgetCategories', {})).Result as { Id: string; CategoryType: 1 | 2 | 3 }[];
  const category = categories.find((c) => c.CategoryType === 1) ?? categories[0];
  if (!category) throw new Error('the demo tenant has no category');
  const plan = await owner('/api/MarketingPlanClient/Save', {
    Id: EMPTY_ID,
    Name: name,
    TeamId: BRAND.id,
    StartDate: '2027-01-01',
    EndDate: '2027-12-31',
  });
  expect(plan.status, plan.Message ?? '').toBe(200);
  const planId = (plan.Result as { Id: string }).Id;
  const item = await owner('/api/BudgetItemClient/Save', {
    Id: EMPTY_ID,
    Name: 'Approval fair stand',
    Amount: 20000,
    ItemType: 1,
    BudgetCategoryId: category.Id,
    MarketingPlanId: planId,
  });
  expect(item.status, item.Message ?? '').toBe(200);
  return { planId, itemId: (item.Result as { Id: string }).Id, categoryType: category.CategoryType };
};

const showPlan = async (page: Page, planId: string) => {
  await page.evaluate(
    ([team, plan]) => {
      localStorage.setItem('context_team', team as string);
      localStorage.setItem('context_plan', plan as string);
    },
    [BRAND.id, planId],
  );
};

// The journeys share the demo tenant: turn Brand & Content's approvals off again afterwards, or the
// later journeys' Planner expenses (the overspend alert's, for one) would wait as requests.
test.afterEach(async ({ request }) => {
  const owner = await apiAs(request, DEMO_OWNER);
  const read = await owner('/api/ApprovalClient/GetPolicy', { TeamId: BRAND.id });
  const { Version } = read.Result as { Version: number };
  const saved = await owner('/api/ApprovalClient/SavePolicy', {
    TeamId: BRAND.id,
    ExpenseThreshold: null,
    BudgetChangeThreshold: null,
    Approvers: 'Leads',
    Version,
  });
  expect(saved.status, saved.Message ?? '').toBe(200);
});

test('a Planner’s expense at the threshold waits for the Lead: mail → approve moves the figures; a rejection with a note makes it Planned', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await apiAs(request, DEMO_OWNER);
  const planner = await apiAs(request, DEMO_MEMBER);
  const stamp = Date.now().toString(36);
  const { planId, itemId, categoryType } = await arrangePlan(owner, `Approvals e2e ${stamp}`);
  const quiet = watchRequests(page);

  // The Owner sets the team's expense threshold on the team settings screen.
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await page.goto('/account/teams');
  await page
    .getByRole('row', { name: new RegExp(BRAND.name) })
    .first()
    .click();
  const policy = page.getByLabel(`Approval policy of ${BRAND.name}`);
  await expect(policy.getByLabel('Expense threshold')).toBeVisible();
  await quiet.quiet();
  await policy.getByLabel('Expense threshold').fill(String(THRESHOLD));
  await policy.getByLabel('The team’s Leads').check();
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText(`The approval policy of ${BRAND.name} was saved.`)).toBeVisible();

  // The Planner records two Committed expenses at the threshold: both wait.
  const record = async (name: string) => {
    const saved = await planner('/api/ExpenseClient/Save', {
      Id: EMPTY_ID,
      MarketingPlanId: planId,
      BudgetItemId: itemId,
      Name: name,
      PurchaseDate: '2027-02-10',
      Amount: THRESHOLD,
      Status: 2,
      CategoryType: categoryType,
    });
    expect(saved.status, saved.Message ?? '').toBe(200);
    expect((saved.Result as { Approval: string | null }).Approval).toBe('Pending');
    return saved.Result as { Id: string };
  };
  const first = await record(`Fair stand ${stamp}`);
  const second = await record(`Fair booth ${stamp}`);

  // The dashboard shows them as Requested / Waiting for approval, not in Committed.
  await showPlan(page, planId);
  await page.goto('/');
  await expect(page.getByText('Waiting for approval: 2 requests, $5,000.00')).toBeVisible();
  await expect(page.getByText('Requested $5,000.00 counts in neither Committed nor Actual until approved.')).toBeVisible();
  const figures = async () =>
    (await owner('/api/DashboardClient/Get', { MarketingPlanId: planId })).Result as { Committed: number; Requested: number };
  expect(await figures()).toMatchObject({ Committed: 0, Requested: 5000 });

  // The Lead (the Owner leads Brand & Content) gets the mail with the link, and follows it.
  const mailbox = new Mailbox(page);
  const mail = await mailbox.waitForMessage(DEMO_OWNER.email, 'approval');
  const url = new URL(mail.Links.find((l) => l.Label === 'Review the request')?.Url ?? '');
  expect(url.pathname).toBe('/approvals');
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Approvals' })).toBeVisible();

  // The link opens the linked request in a drawer (it loads after the queue); the Lead decides there.
  const names = { [first.Id]: `Fair stand ${stamp}`, [second.Id]: `Fair booth ${stamp}` };
  const drawer = page.getByRole('dialog').filter({ hasText: 'Available before' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(new RegExp(`Fair (stand|booth) ${stamp}`));
  const linkedName = (await drawer.textContent())?.includes(`Fair stand ${stamp}`) ? `Fair stand ${stamp}` : `Fair booth ${stamp}`;
  const linked = linkedName === names[first.Id] ? first : second;
  const other = linked === first ? second : first;
  const otherName = names[other.Id] ?? '';
  await expect(drawer.getByText('Requested by')).toBeVisible();
  await quiet.quiet();
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Approve “${linkedName}”?` });
  await expect(confirm).toContainText('$2,500.00 becomes Committed or Actual as each was saved.');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  // The toast, exactly: while a request still waits, the queue's note "…until approved." matches too.
  await expect(page.locator('.ant-message').getByText('Approved.', { exact: true })).toBeVisible();
  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(rowOf(linkedName)).toHaveCount(0);
  await expect(drawer).toBeHidden();
  await expect.poll(figures).toMatchObject({ Committed: 2500, Requested: 2500 });
  await page.goto('/');
  await expect(page.getByText('Waiting for approval: 1 request, $2,500.00')).toBeVisible();
  await expect(page.getByText('Requested $2,500.00 counts in neither Committed nor Actual until approved.')).toBeVisible();

  // The other one is rejected from the queue with a note (the queue has no drawer open now).
  await page.goto('/approvals');
  await expect(rowOf(otherName)).toBeVisible();
  await quiet.quiet();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await rowOf(otherName).getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog').filter({ hasText: `Reject “${otherName}”` });
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reject.getByLabel('Why (required)').fill('Over the fair budget');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`Rejected “${otherName}”: it is Planned again.`)).toBeVisible();
  await expect(rowOf(otherName)).toHaveCount(0);
  await expect.poll(figures).toMatchObject({ Committed: 2500, Requested: 0 });

  // The Planner sees it Planned with the note, and has the decision mail.
  const rejected = (await planner('/api/ExpenseClient/GetExpense', { ExpenseId: other.Id })).Result as Record<string, unknown>;
  expect(rejected).toMatchObject({ Status: 1, Approval: 'Rejected', ApprovalNote: 'Over the fair budget' });
  expect(((await planner('/api/ExpenseClient/GetExpense', { ExpenseId: linked.Id })).Result as Record<string, unknown>).Status).toBe(2);
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/dev/mailbox.json')).json()) as { messages: { To: string; Subject: string }[] };
      return body.messages.filter((m) => m.To === DEMO_MEMBER.email).map((m) => m.Subject);
    })
    .toEqual(expect.arrayContaining([`Rejected: ${otherName} ($2,500.00)`, `Approved: ${linkedName} ($2,500.00)`]));

  const plannerPage = await browser.newPage();
  await new LoginPage(plannerPage).signInAs(DEMO_MEMBER);
  await showPlan(plannerPage, planId);
  await plannerPage.goto('/expenses');
  const listed = plannerPage.getByRole('row').filter({ hasText: otherName });
  await expect(listed.getByText('Planned', { exact: true })).toBeVisible();
  await expect(listed.getByText('Rejected', { exact: true })).toHaveAttribute('title', 'Over the fair budget');
  await plannerPage.goto(`/expenses/${other.Id}`);
  await expect(plannerPage.getByText('Over the fair budget').first()).toBeVisible();
  await plannerPage.close();
});
