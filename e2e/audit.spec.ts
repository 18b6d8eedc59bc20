import { readFile } from 'node:fs/promises';
import { type AuditItem, EMPTY_ID, type Person } from '@plansmith/contract';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import Papa from 'papaparse';
import { settled } from './page-models/dialog.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { callRoute, sessionHeaders, signUpPaidAccount } from './page-models/paid-account.ts';
import { clickOption } from './page-models/select-option.ts';

// Issue 35 (DESIGN.md §18): an Enterprise Owner hands the audit log to a security review. The journey
// works in an Enterprise account of its own (the shared demo account is on Performance).

/** The log's table rows (the entries of the page shown). */
const logRows = (page: Page) => page.locator('main .ant-table-tbody tr.ant-table-row');

/** The "What happened" cell of every row shown, top to bottom (columns: When, Person, What happened, IP address). */
const summariesShown = async (page: Page) => logRows(page).locator('td:nth-child(3)').allInnerTexts();

/** Opens an antd Select by its label and picks an option (once the list has stopped moving). */
const choose = async (page: Page, select: Locator, option: string) => {
  await select.click();
  await clickOption(page, (list) => list.locator('.ant-select-item-option', { hasText: option }));
};

/** Clears an antd Select with its clear icon (shown on hover). */
const clear = async (page: Page, label: string) => {
  const select = page.locator('.ant-select').filter({ has: page.getByLabel(label) });
  await select.hover();
  await select.locator('.ant-select-clear').click();
};

/** The CSV the Export button downloads, as rows of the export's columns. */
const exported = async (page: Page) => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(['At', 'Kind', 'Person', 'UserId', 'EntityType', 'EntityId', 'Summary', 'Ip']);
  return parsed.data;
};

test('an Enterprise Owner changes a role, sees it and a failed sign-in in the audit log, filters by kind and person, and exports the list as CSV', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpPaidAccount(page, request, 'enterprise', 'audit');
  const headers = await sessionHeaders(request, owner);
  const caseyEmail = `casey-${Date.now()}@audit.test`;
  const casey = await callRoute<Person>(request, headers, '/api/UserProfileClient/Save', {
    Id: EMPTY_ID,
    FirstName: 'Casey',
    LastName: 'Changed',
    Email: caseyEmail,
    TenantRole: 'Member',
  });

  // The Owner makes Casey an Admin on the People screen.
  await page.goto('/account/people');
  await page.getByRole('button', { name: 'Edit Casey Changed' }).click();
  const edit = await settled(page.getByRole('dialog', { name: 'Edit Casey Changed' }));
  await choose(page, edit.getByLabel('Account role'), 'Admin —');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: caseyEmail })).toContainText('Admin');

  // Someone tries Casey's address with a wrong password on the sign-in screen (another browser).
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto('/login');
  await new LoginPage(strangerPage).signIn(caseyEmail, 'not-caseys-password');
  await expect(strangerPage.getByRole('alert').first()).toBeVisible();
  await expect(strangerPage).toHaveURL(/\/login/);
  await stranger.close();

  const roleChange = `Changed the role of Casey Changed (${caseyEmail}) from Member to Admin`;
  const failedSignIn = `Failed sign-in as ${caseyEmail}: wrong password`;

  await page.goto('/account/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(logRows(page).filter({ hasText: roleChange })).toHaveCount(1);
  await expect(logRows(page).filter({ hasText: failedSignIn })).toHaveCount(1);
  const failedRow = logRows(page).filter({ hasText: failedSignIn });
  await expect(failedRow).toContainText('Failed sign-in');
  // A failed sign-in names the address tried; the role change names the Owner who made it.
  await expect(failedRow.locator('td:nth-child(2)')).toHaveText(caseyEmail);
  await expect(logRows(page).filter({ hasText: roleChange }).locator('td:nth-child(2)')).toHaveText('Pat Paid');
  // The session that paying started is the Owner's first sign-in.
  await expect(logRows(page).filter({ hasText: `Signed in as ${owner.email} on paying for the Enterprise plan` })).toHaveCount(1);
  await page.screenshot({ path: '.tmp/screens/e2e-audit-log.png', fullPage: true });

  // Every entry, exported: the same entries, newest first, as the list shows them (one page holds them all).
  const everything = await summariesShown(page);
  const total = Number(/^(\d+) entr/.exec(await page.locator('.ant-pagination-total-text').innerText())?.[1]);
  expect(total).toBe(everything.length);
  const all = await exported(page);
  expect(all.map((row) => row.Summary)).toEqual(everything);

  // Kind: only the failed sign-in.
  await choose(page, page.getByLabel('Kind'), 'Failed sign-in');
  await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
  expect(await summariesShown(page)).toEqual([failedSignIn]);
  const failedCsv = await exported(page);
  expect(failedCsv).toHaveLength(1);
  expect(failedCsv[0]).toMatchObject({
    Kind: 'sign_in_failed' satisfies AuditItem['Kind'],
    Person: caseyEmail,
    UserId: '',
    EntityType: 'User',
    EntityId: casey.Id,
    Summary: failedSignIn,
  });
  expect(failedCsv[0]?.Ip).not.toBe('');

  // Person: what Casey did and what happened to Casey (the role change, the failed sign-in), and nothing else.
  await clear(page, 'Kind');
  await expect(page.getByText(`${total} entries`, { exact: true })).toBeVisible();
  await choose(page, page.getByLabel('Person'), 'Casey Changed');
  await expect(page.getByText('2 entries', { exact: true })).toBeVisible();
  expect(await summariesShown(page)).toEqual([failedSignIn, roleChange]);
  const caseyCsv = await exported(page);
  expect(caseyCsv.map((row) => row.Summary)).toEqual([failedSignIn, roleChange]);
  expect(caseyCsv.map((row) => row.Kind)).toEqual(['sign_in_failed', 'role_changed']);
  await page.screenshot({ path: '.tmp/screens/e2e-audit-log-person.png', fullPage: true });
});

test('an account on another plan sees that the audit log is part of the Enterprise plan, and its Owner the upgrade', async ({ page }) => {
  await new LoginPage(page).signInAs(DEMO_OWNER);
  await page.goto('/account/audit');
  await expect(page.getByText('Audit Log is part of the Enterprise plan')).toBeVisible();
  await expect(page.getByText('Your account is on the Performance plan. Enterprise includes Audit Log.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Enterprise' })).toHaveAttribute('href', '/account/biling?plan=enterprise');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.locator('main .ant-table')).toHaveCount(0);
});
