import { type ImportCreate, type ImportReplacement, importRoutes } from '@plansmith/contract/imports';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base64, setup } from '../../../../../server/test/imports-fixture.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { PreviewTable } from './preview-table.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const CSV = 'Date,Amount,Budget item,Payee\n2026-03-02,5,Paid serch,A\n2026-03-03,6,Paid serch,B\n';

describe('fixing an unknown budget item in the preview', () => {
  it('maps it to one of the plan’s items chosen from a pick-list, in every row, and the re-preview has no errors', async () => {
    const { plan, token } = await setup(api.server);
    const body = { Kind: 'Expenses' as const, MarketingPlanId: plan.id, FileName: 'costs.csv', ContentBase64: base64(CSV) };
    const preview = await api.call(importRoutes.preview, body, token);
    expect(preview.Counts.Invalid).toBe(2);
    const replacements: ImportReplacement[] = [];
    render(
      <App>
        <PreviewTable preview={preview} disabled={false} onEdit={() => undefined} onReplace={(r) => replacements.push(r)} />
      </App>,
    );
    fireEvent.click(screen.getAllByRole('button', { name: /^Fix Budget item of row 2/ })[0] as HTMLElement);
    const list = await screen.findByRole('combobox', { name: 'Existing budget item for row 2' });
    fireEvent.mouseDown(list);
    // The plan's items, not typed: Events and Paid search.
    expect(await screen.findByTitle('Events')).toBeTruthy();
    fireEvent.click(await screen.findByTitle('Paid search'));
    expect((screen.getByRole('textbox', { name: 'Budget item of row 2' }) as HTMLInputElement).value).toBe('Paid search');
    const tooltip = screen.getByRole('tooltip');
    fireEvent.click(within(tooltip).getByRole('button', { name: 'Use in every row with “Paid serch”' }));
    expect(replacements).toEqual([{ Field: 'BudgetItem', From: 'Paid serch', To: 'Paid search' }]);

    const fixed = await api.call(importRoutes.preview, { ...body, Replacements: replacements }, token);
    expect(fixed.Counts).toMatchObject({ Valid: 2, Invalid: 0 });
  });
});

describe('creating an unknown budget item from the preview', () => {
  it('asks for its category from the account’s list, sends it as a Create, and the re-preview counts the rows as valid', async () => {
    const { plan, token } = await setup(api.server);
    const csv = 'Date,Amount,Budget item,Payee\n2026-03-02,5,Podcasts,A\n';
    const body = { Kind: 'Expenses' as const, MarketingPlanId: plan.id, FileName: 'costs.csv', ContentBase64: base64(csv) };
    const preview = await api.call(importRoutes.preview, body, token);
    const creates: ImportCreate[] = [];
    render(
      <App>
        <PreviewTable
          preview={preview}
          disabled={false}
          onEdit={() => undefined}
          onReplace={() => undefined}
          onCreate={(create) => creates.push(create)}
        />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Fix Budget item of row 2/ }));
    const create = await screen.findByRole('button', { name: 'Create budget item “Podcasts”' });
    // No category chosen yet: nothing to create under.
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category for the new budget item “Podcasts”' }));
    fireEvent.click(await screen.findByTitle('Paid media'));
    fireEvent.click(screen.getByRole('button', { name: 'Create budget item “Podcasts”' }));
    expect(creates).toEqual([{ Field: 'BudgetItem', Name: 'Podcasts', Category: 'Paid media' }]);

    const fixed = await api.call(importRoutes.preview, { ...body, Creates: creates }, token);
    expect(fixed.Counts).toMatchObject({ Valid: 1, Invalid: 0 });
  });
});
