import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { ExpensesPage } from './page-models/expenses-pages.ts';
import { DEMO_OWNER, LoginPage } from './page-models/login-page.ts';
import { WebhooksPage } from './page-models/webhooks-page.ts';

/** What the receiver got: the raw body (the signature covers its bytes) and the headers. */
type Received = { headers: IncomingHttpHeaders; body: string };

let server: Server;
let url: string;
const received: Received[] = [];

// A receiver on loopback (the e2e server runs outside production, where loopback URLs are allowed).
test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/plansmith-events`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Checks `Plansmith-Signature: t=…,v1=…` as a receiver would: HMAC-SHA256 of "t.body" with the secret. */
const signatureVerifies = (delivery: Received, secret: string): boolean => {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['plansmith-signature'])) ?? [];
  if (!t || !v1) return false;
  return createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex') === v1;
};

test.describe('webhooks', () => {
  test('an expense recorded in the app reaches the receiver signed with the hook’s secret and shows in the delivery log', async ({
    page,
  }) => {
    await new LoginPage(page).signInAs(DEMO_OWNER);
    const webhooks = new WebhooksPage(page);
    await webhooks.open();
    const secret = await webhooks.addWebhook({ url, description: 'e2e receiver', events: { Expenses: ['Created'] } });
    await expect(webhooks.row(url).getByRole('cell', { name: 'Expenses: created', exact: true })).toBeVisible();

    const expenses = new ExpensesPage(page);
    await expenses.open();
    await expenses.recordExpense({ item: 'Customer Survey', name: 'Webhook survey top-up', amount: '19.99', payee: 'Qualtrics' });

    // The dispatcher delivers it shortly after the write commits.
    await expect.poll(() => received.filter((r) => r.headers['plansmith-event'] === 'expense.created').length, { timeout: 30_000 }).toBe(1);
    const delivery = received.find((r) => r.headers['plansmith-event'] === 'expense.created') as Received;
    expect(signatureVerifies(delivery, secret)).toBe(true);
    expect(signatureVerifies(delivery, `${secret}x`)).toBe(false);
    const body = JSON.parse(delivery.body) as { Id: string; Type: string; Data: { Name: string; Amount: number; Currency: string } };
    expect(body).toMatchObject({ Type: 'expense.created', Data: { Name: 'Webhook survey top-up', Amount: 19.99, Currency: 'USD' } });
    expect(delivery.headers['plansmith-delivery']).toBeTruthy();

    await webhooks.open();
    await expect(webhooks.row(url).getByRole('cell', { name: /Delivered 204/ })).toBeVisible();
    const log = await webhooks.openDeliveries(url);
    const row = log.getByRole('row').filter({ hasText: 'Expense created' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText(/204 in [\d,]+ ms/);
    await page.screenshot({ path: '.tmp/screens/e2e-webhooks-delivery-log.png', fullPage: true });
    await log.getByRole('button', { name: 'Close' }).click();

    // Deleted, so the demo account's later expenses (other specs) are sent nowhere.
    await webhooks.deleteWebhook(url);
    await expect(page.getByText(/^No webhooks yet\./)).toBeVisible();
  });
});
