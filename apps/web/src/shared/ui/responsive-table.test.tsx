import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveTable } from './responsive-table.tsx';

type Row = { Id: string; Name: string; Amount: number };
const rows: Row[] = [
  { Id: 'a', Name: 'Google Ads', Amount: 1200 },
  { Id: 'b', Name: 'Trade show', Amount: 300 },
  { Id: 'c', Name: 'Webinar', Amount: 50 },
];
const columns = [
  { title: 'Item', dataIndex: 'Name', key: 'name' },
  { title: 'Amount', dataIndex: 'Amount', key: 'amount', render: (value: number) => `$${value}` },
];

// happy-dom answers matchMedia from the window's size, as a browser does.
const setWidth = (width: number) =>
  (window as unknown as { happyDOM: { setViewport: (size: object) => void } }).happyDOM.setViewport({ width, height: 844 });
afterEach(() => setWidth(1024));

describe('ResponsiveTable', () => {
  it('is a table on a wide screen', () => {
    setWidth(1366);
    render(<ResponsiveTable<Row> rowKey="Id" columns={columns} dataSource={rows} pagination={false} />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toBeTruthy();
  });

  it('draws each row as a card with every column labelled on a phone, and pages by the table’s page size', () => {
    setWidth(390);
    render(<ResponsiveTable<Row> rowKey="Id" columns={columns} dataSource={rows} pagination={{ pageSize: 2 }} phoneTitle="Items" />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toBe('Google AdsAmount$1200');
    expect(screen.getByRole('button', { name: 'Show 1 more of 1' })).toBeTruthy();
  });
});
