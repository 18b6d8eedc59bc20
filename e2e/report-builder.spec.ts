import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { watchRequests } from './page-models/quiet.ts';
import { chooseOption } from './page-models/select-option.ts';

// The report builder (issue 33 item 4, DESIGN.md §16) in the real browser on the demo: from the
// budget categories report to the builder, a category × item type report by quarter against the
// prior year, saved shared and opened again by its link, exported as CSV and XLSX (the files'
// figures are the server's), deleted; a seeded shared report opens; the page fits a phone.

const DEMO_PLAN = { id: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b2401', teamId: '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0c01' };
const REPORT_NAME = 'E2E category by item type vs last year';

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

// A shared report is tenant-wide state: one left by a failed run is deleted, so later journeys (and runs) start clean.
test.afterEach(async ({ request }) => {
  const owner = await apiAs(request, DEMO_OWNER);
  const listed = (await owner('/api/SavedReportClient/List', {})).Result as { Id: string; Name: string; Version: number }[];
  for (const report of listed.filter((entry) => entry.Name === REPORT_NAME)) {
    await owner('/api/SavedReportClient/Delete', { Id: report.Id, Version: report.Version });
  }
});

const money = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

const downloaded = async (page: Page, button: string) => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
};

test('builds a category × item type report by quarter against last year, saves it shared, exports CSV and XLSX, deletes it', async ({
  page,
  request,
}) => {
  const requests = watchRequests(page);
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await page.evaluate(
    ([team, plan]) => {
      localStorage.setItem('context_team', team as string);
      localStorage.setItem('context_plan', plan as string);
    },
    [DEMO_PLAN.teamId, DEMO_PLAN.id],
  );
  await page.goto('/reports');
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Report builder' }).click();
  await expect(page).toHaveURL(/\/reports\/builder$/);
  await expect(page.getByRole('heading', { name: 'Report builder', level: 1 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Report table' });
  await expect(table.getByRole('row', { name: /^Total/ })).toBeVisible();

  // Built with the keyboard: each Select is typed into and picked with Enter.
  await chooseOption(page.getByRole('combobox', { name: 'Then by' }), 'Item type');
  await page.getByText('Quarter', { exact: true }).click();
  await chooseOption(page.getByRole('combobox', { name: 'Compare with' }), 'Prior year');
  await expect(table.getByRole('columnheader', { name: 'Q4 2026' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Actual (prior year)' }).first()).toBeVisible();
  await requests.quiet();

  // The total's figures are the server's, to the cent.
  const owner = await apiAs(request, DEMO_OWNER);
  const answer = await owner('/api/ReportClient/Pivot', {
    MarketingPlanIds: [DEMO_PLAN.id],
    Rows: ['Category', 'ItemType'],
    Columns: 'Quarter',
    Measures: ['Budget', 'Actual', 'Available'],
    Filters: [],
    Compare: 'PriorYear',
    From: '2026-01-01',
    To: '2026-12-31',
  });
  expect(answer.status, answer.Message ?? '').toBe(200);
  const total = (answer.Result as { GrandTotal: { Total: { Values: { Budget: number; Actual: number } } } }).GrandTotal.Total.Values;
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText(money(total.Budget));
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText(money(total.Actual));
  await expect(table.locator('.report-line-subtotal').first()).toContainText('Subtotal');

  await page.getByRole('button', { name: /Save…/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Save report' });
  await dialog.getByLabel('Report name').fill(REPORT_NAME);
  await dialog.getByText('Everyone in the account (shared)').click();
  await dialog.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByRole('heading', { name: REPORT_NAME, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\?report=/);

  // Its link opens it again, as it was saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: REPORT_NAME, level: 1 })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Q1 2026' })).toBeVisible();

  const csv = await downloaded(page, 'Export CSV');
  expect(csv.name).toBe('E2E-category-by-item-type-vs-last-year-2026-01-to-2026-12.csv');
  const lines = csv.bytes.toString('utf8').split('\r\n');
  // Money columns name the base currency (DESIGN.md §17).
  expect(
    lines[0]?.startsWith('Category,Item type,Q1 2026 · Budget (USD),Q1 2026 · Budget (prior year) (USD),Q1 2026 · Actual (USD),'),
  ).toBe(true);
  const totalLine = lines.find((line) => line.startsWith('Total,'))?.split(',') ?? [];
  const header = lines[0]?.split(',') ?? [];
  expect(Number(totalLine[header.indexOf('Total · Budget (USD)')])).toBe(total.Budget);
  expect(Number(totalLine[header.indexOf('Total · Actual (USD)')])).toBe(total.Actual);
  expect(lines.some((line) => line.includes(',Subtotal,'))).toBe(true);

  const xlsx = await downloaded(page, 'Export XLSX');
  expect(xlsx.name).toBe('E2E-category-by-item-type-vs-last-year-2026-01-to-2026-12.xlsx');
  const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.bytes))['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  expect(sheet).toContain(`<v>${total.Budget}</v>`);

  await page.getByRole('button', { name: /Delete report/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Report builder', level: 1 })).toBeVisible();
  const left = (await owner('/api/SavedReportClient/List', {})).Result as { Name: string }[];
  expect(left.map((report) => report.Name)).not.toContain(REPORT_NAME);
});

test('opens a seeded shared report, and the builder fits a phone', async ({ page }) => {
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await page.evaluate(
    ([team, plan]) => {
      localStorage.setItem('context_team', team as string);
      localStorage.setItem('context_plan', plan as string);
    },
    [DEMO_PLAN.teamId, DEMO_PLAN.id],
  );
  await page.goto('/reports/builder');
  await chooseOption(page.getByRole('combobox', { name: 'Open a saved report' }), 'Spend by category per quarter (shared)');
  await expect(page.getByRole('heading', { name: 'Spend by category per quarter', level: 1 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Report table' });
  await expect(table.getByRole('columnheader', { name: 'Q3 2026' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Actual by period' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Report lines' })).toBeVisible();
  // The chart follows the new width once its resize observer fires: until then it is as wide as before.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '.tmp/screens/e2e-report-builder-phone.png', fullPage: true });
});
