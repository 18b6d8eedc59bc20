import { type BudgetCategory, EMPTY_ID, READ_ONLY_TOKEN_MESSAGE } from '@plansmith/contract';
import { type APIRequestContext, expect, test } from './fixtures.ts';
import { settled } from './page-models/dialog.ts';
import { signUpPaidAccount } from './page-models/paid-account.ts';

// Issue 35 (DESIGN.md §18): a person connects a script to Plansmith with a token made on
// /settings/api-tokens, and cuts it off again. The journey works in an Agility account of its own.

const READ = '/api/BudgetCategoryClient/GetBudgetCategories';
const WRITE = '/api/BudgetCategoryClient/Save';

/** A script's call with the token, as the README's curl example makes it. */
const callWith = (request: APIRequestContext, token: string, path: string, data: unknown = {}) =>
  request.post(path, { data, headers: { authorization: `Bearer ${token}` } });

test('a person creates a read-only token, copies it once, reads with it, is refused a write, and revokes it: the next call is 401', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpPaidAccount(page, request, 'agility', 'tokens');

  await page.goto('/settings/api-tokens');
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expect(page.getByText('No API tokens yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).click();
  const create = await settled(page.getByRole('dialog', { name: 'Create an API token' }));
  await create.getByLabel('Name').fill('Nightly BI export');
  await expect(create.getByRole('radio', { name: 'Read only' })).toBeChecked();
  await create.getByRole('button', { name: 'Create token' }).click();

  // Shown once, with a copy button that puts exactly the token on the clipboard.
  const shown = page.getByRole('dialog', { name: 'Copy your new API token' });
  await expect(shown.getByText('This is the only time the token is shown.')).toBeVisible();
  const field = shown.getByLabel('New API token');
  await expect(field).toHaveValue(/^psk_[A-Za-z0-9_-]{43}$/);
  const token = await field.inputValue();
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Token copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.screenshot({ path: '.tmp/screens/e2e-api-token-shown-once.png' });
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // Listed by its prefix only; the token itself is not on the page any more, nor after a reload.
  const row = page.getByRole('row').filter({ hasText: 'Nightly BI export' });
  await expect(row).toContainText(`psk_${token.slice(4, 12)}…`);
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  await expect(page.getByText(token)).toHaveCount(0);

  // A read works; a write with the read-only token is refused and writes nothing.
  const read = await callWith(request, token, READ);
  expect(read.status(), await read.text()).toBe(200);
  const before = ((await read.json()) as { Result: BudgetCategory[] }).Result;
  const write = await callWith(request, token, WRITE, { Id: EMPTY_ID, Name: 'Written by a read token', CategoryType: 1 });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { Message: string }).Message).toBe(READ_ONLY_TOKEN_MESSAGE);
  const after = ((await (await callWith(request, token, READ)).json()) as { Result: BudgetCategory[] }).Result;
  expect(after).toEqual(before);

  // The list shows the token was used.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');
  await expect(page.getByText(token)).toHaveCount(0);

  // Revoked on the screen, after a confirm: the script's next call is 401.
  await row.getByRole('button', { name: 'Revoke Nightly BI export' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Revoke “Nightly BI export”?' });
  await expect(confirm).toContainText('Scripts using it get 401 from their next call.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('“Nightly BI export” revoked: it stops working at once.')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke Nightly BI export' })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/screens/e2e-api-token-revoked.png', fullPage: true });
  const refused = await callWith(request, token, READ);
  expect(refused.status()).toBe(401);
});
