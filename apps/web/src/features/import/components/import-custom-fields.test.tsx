import { customFieldRoutes, EMPTY_ID } from '@plansmith/contract';
import { type ImportEdit, importRoutes } from '@plansmith/contract/imports';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base64, setup } from '../../../../../server/test/imports-fixture.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { MappingEditor } from './mapping-editor.tsx';
import { PreviewTable } from './preview-table.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const CSV = 'Date,Amount,Budget item,Payee,region\n2026-03-02,5,Paid search,A,LATAM\n2026-03-03,6,Paid search,B,emea\n';

describe('custom fields in the import wizard (DESIGN.md §16)', () => {
  it('lists the tenant’s Expense field in the mapping step (matched to its column), and a bad value is fixed in the preview', async () => {
    const { tenant, plan, token } = await setup(api.server);
    const field = await api.call(
      customFieldRoutes.save,
      { Id: EMPTY_ID, Entity: 'Expense', Name: 'Region', Type: 'Select', Options: ['EMEA', 'NA', 'APAC'] },
      await tenant.tokenFor('owner'),
    );
    const body = { Kind: 'Expenses' as const, MarketingPlanId: plan.id, FileName: 'costs.csv', ContentBase64: base64(CSV) };
    const preview = await api.call(importRoutes.preview, body, token);

    const mapping = render(
      <App>
        <MappingEditor preview={preview} disabled={false} onChange={() => undefined} />
      </App>,
    );
    const select = screen.getByRole('combobox', { name: 'Column for Region' });
    expect(select.closest('.ant-select')?.textContent).toContain('region');
    expect(screen.getByText('Custom field: one of EMEA, NA, APAC.')).toBeTruthy();
    mapping.unmount();

    const edits: ImportEdit[] = [];
    render(
      <App>
        <PreviewTable preview={preview} disabled={false} onEdit={(edit) => edits.push(edit)} onReplace={() => undefined} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Fix Region of row 2: Region must be one of EMEA, NA, APAC.' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Region of row 2' }), { target: { value: 'APAC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fix row 2' }));
    expect(edits).toEqual([{ Row: 2, Field: `Field:${field.Id}`, Value: 'APAC' }]);

    const fixed = await api.call(importRoutes.preview, { ...body, Edits: edits }, token);
    expect(fixed.Counts).toMatchObject({ Valid: 2, Invalid: 0 });
  });
});
