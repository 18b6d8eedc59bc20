import {
  BASE_CURRENCY_CODES,
  CURRENCIES,
  CURRENCY_CODES,
  type CurrencyCode,
  type FxRate,
  type GetRatesResponse,
  RATE_DECIMALS,
} from '@plansmith/contract';
import { Alert, App, Button, Card, Flex, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useTenant } from '../../../shared/api/identity.ts';
import { useToday } from '../../../shared/api/today.ts';
import { useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { useImportRates, useRates, useSaveBaseCurrency, useSaveRates } from '../api/currency-queries.ts';

type RateRead = GetRatesResponse['Rates'][number];
type ImportResult = { Rows: number; Saved: number; Errors: Array<{ Row: number; Message: string }> };

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthsOf = (year: number) => MONTH_LABELS.map((_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
const longMonth = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
const keyOf = (currency: string, month: string) => `${currency} ${month}`;
const currencyLabel = (code: CurrencyCode) => `${code} · ${CURRENCIES[code].name}`;

/** A chosen file as base64 (what ImportRates takes). */
const readBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error(`“${file.name}” could not be read.`));
    reader.readAsDataURL(file);
  });

/**
 * /account/currencies (DESIGN.md §17): the base currency, a year of monthly rates per currency
 * (1 unit of the currency = Rate units of the base) to edit in place, months whose expenses have
 * no rate marked, a currency to add, and a CSV import checked before it is saved.
 */
export const RatesScreen = () => {
  const { message, modal } = App.useApp();
  const today = useToday();
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const rates = useRates(year);
  const tenant = useTenant();
  const save = useSaveRates();
  const importRates = useImportRates();
  const saveBase = useSaveBaseCurrency();
  const merge = useMergeDialog();
  const [edits, setEdits] = useState<Map<string, number | null>>(new Map());
  const [added, setAdded] = useState<CurrencyCode[]>([]);
  const [chosen, setChosen] = useState<{ name: string; base64: string; result: ImportResult } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const data = rates.data;
  const base = data?.BaseCurrency ?? tenant.data?.BaseCurrency ?? 'USD';
  const byKey = useMemo(() => new Map((data?.Rates ?? []).map((rate) => [keyOf(rate.Currency, rate.Month), rate])), [data]);
  // A currency in use needs a rate for every month of this year up to this one (an expense bought in
  // a month without one cannot be recorded), and for any month its expenses were bought in.
  const thisMonth = today.slice(0, 7);
  const needed = useMemo(
    () =>
      new Map(
        (data?.Used ?? []).map((used) => [
          used.Currency,
          new Set([...used.Months, ...monthsOf(year).filter((month) => month <= thisMonth && month.startsWith(thisMonth.slice(0, 5)))]),
        ]),
      ),
    [data, year, thisMonth],
  );
  const currencies = useMemo(() => {
    const shown = new Set<CurrencyCode>([
      ...(data?.Rates ?? []).map((rate) => rate.Currency),
      ...(data?.Used ?? []).map((u) => u.Currency),
      ...added,
    ]);
    shown.delete(base);
    return [...shown].sort();
  }, [data, added, base]);
  const missing = useMemo(
    () =>
      (data?.Used ?? [])
        .map((used) => ({
          currency: used.Currency,
          months: [...(needed.get(used.Currency) ?? [])]
            .filter((month) => month.startsWith(`${year}-`) && !byKey.has(keyOf(used.Currency, month)))
            .sort(),
        }))
        .filter((entry) => entry.months.length > 0),
    [data, byKey, year, needed],
  );

  const changes: FxRate[] = [...edits].flatMap(([key, value]) => {
    const [currency, month] = key.split(' ') as [CurrencyCode, string];
    const current = byKey.get(key);
    if (value === null || value === current?.Rate) return [];
    return [{ Currency: currency, Month: month, Rate: value, Version: current?.Version ?? null }];
  });

  // Edits carry the Version of the year on screen: another year's rates are read without them, so a
  // hidden edit would be sent as a new month (a 409 for a month that has a rate). Leaving asks first.
  const goToYear = (next: number) => {
    if (edits.size === 0) {
      setYear(next);
      return;
    }
    const count = `${edits.size} unsaved ${edits.size === 1 ? 'rate' : 'rates'}`;
    modal.confirm({
      title: `Discard ${count} of ${year}?`,
      content: `Save ${edits.size === 1 ? 'it' : 'them'} first to keep ${edits.size === 1 ? 'it' : 'them'}.`,
      okText: `Discard and open ${next}`,
      cancelText: `Stay in ${year}`,
      onOk: () => {
        setEdits(new Map());
        setYear(next);
      },
    });
  };

  const saveChanges = async (toSave: FxRate[]) => {
    try {
      const result = await save.mutateAsync(toSave);
      setEdits(new Map());
      message.success(
        `${result.Saved} ${result.Saved === 1 ? 'rate' : 'rates'} saved${result.Reconverted ? `; ${result.Reconverted} amounts reconverted` : ''}.`,
      );
    } catch (error) {
      const current =
        error instanceof ApiError && error.status === 409 && Array.isArray(error.current) ? (error.current as RateRead[]) : null;
      if (!current) {
        message.error(errorMessage(error));
        return;
      }
      const fields = current.map((theirs) => ({
        key: keyOf(theirs.Currency, theirs.Month),
        label: `${theirs.Currency} ${longMonth(theirs.Month)}`,
        theirs: String(theirs.Rate),
        mine: String(edits.get(keyOf(theirs.Currency, theirs.Month)) ?? '—'),
      }));
      const choice = await merge.ask(errorMessage(error), fields);
      if (choice === 'mine') {
        const versions = new Map(current.map((row) => [keyOf(row.Currency, row.Month), row.Version]));
        await saveChanges(toSave.map((rate) => ({ ...rate, Version: versions.get(keyOf(rate.Currency, rate.Month)) ?? rate.Version })));
      } else {
        setEdits((previous) => {
          const next = new Map(previous);
          for (const row of current) next.delete(keyOf(row.Currency, row.Month));
          return next;
        });
        void rates.refetch();
      }
    }
  };

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const base64 = await readBase64(file);
      const result = await importRates.mutateAsync({ FileName: file.name, ContentBase64: base64, DryRun: true });
      setChosen({ name: file.name, base64, result });
    } catch (error) {
      setChosen(null);
      message.error(errorMessage(error));
    }
  };

  const runImport = async () => {
    if (!chosen) return;
    try {
      const result = await importRates.mutateAsync({ FileName: chosen.name, ContentBase64: chosen.base64, DryRun: false });
      if (result.Errors.length > 0) {
        setChosen({ ...chosen, result });
        return;
      }
      setChosen(null);
      message.success(`${result.Saved} ${result.Saved === 1 ? 'rate' : 'rates'} imported from “${chosen.name}”.`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  if (rates.isPending) return <LoadingState />;
  if (rates.isError) return <ErrorState error={rates.error} onRetry={() => void rates.refetch()} />;

  // A plain table (antd's Table would add ~40 KB of selection and filter code to the page's first load).
  const columns: Array<{
    title: string;
    key: string;
    width: number;
    fixed?: 'left';
    render: (_: unknown, row: { currency: CurrencyCode }) => ReactNode;
  }> = [
    {
      title: 'Currency',
      key: 'currency',
      fixed: 'left',
      width: 76,
      render: (_, row) => (
        <Typography.Text strong title={CURRENCIES[row.currency].name}>
          {row.currency}
        </Typography.Text>
      ),
    },
    ...monthsOf(year).map((month, index) => ({
      title: MONTH_LABELS[index] ?? month,
      key: month,
      width: 80,
      render: (_: unknown, row: { currency: CurrencyCode }) => {
        const key = keyOf(row.currency, month);
        const current = byKey.get(key);
        const edited = edits.has(key);
        const value = edited ? edits.get(key) : current?.Rate;
        const isMissing = !current && (value === null || value === undefined) && (needed.get(row.currency)?.has(month) ?? false);
        const label = `${row.currency} rate for ${longMonth(month)}`;
        return (
          <InputNumber
            size="small"
            aria-label={isMissing ? `${label} (missing)` : label}
            title={isMissing ? `${row.currency} expenses bought in ${longMonth(month)} need this rate` : undefined}
            status={isMissing ? 'error' : edited && value !== current?.Rate ? 'warning' : undefined}
            placeholder={isMissing ? 'needed' : undefined}
            controls={false}
            min={0}
            style={{ width: '100%', minWidth: 64 }}
            value={value ?? null}
            onChange={(next) =>
              setEdits((previous) => {
                const map = new Map(previous);
                const parsed = typeof next === 'number' ? Number(next.toFixed(RATE_DECIMALS)) : null;
                if (parsed === (current?.Rate ?? null)) map.delete(key);
                else map.set(key, parsed);
                return map;
              })
            }
          />
        );
      },
    })),
  ];

  const addable = CURRENCY_CODES.filter((code) => code !== base && !currencies.includes(code));

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap>
            <Typography.Text>Base currency</Typography.Text>
            <Select
              aria-label="Base currency"
              style={{ width: 240 }}
              value={base}
              loading={saveBase.isPending}
              disabled={!tenant.data}
              options={BASE_CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) }))}
              onChange={(code: CurrencyCode) => {
                if (!tenant.data) return;
                saveBase.mutate(
                  { tenant: tenant.data, baseCurrency: code },
                  {
                    onSuccess: () => message.success(`Every report is now in ${code}.`),
                    onError: (error) => message.error(errorMessage(error)),
                  },
                );
              }}
            />
          </Space>
          <Typography.Text type="secondary">
            Every report and total is in {base}. A rate says what 1 unit of a currency is worth in {base} that month; expenses convert at
            their purchase month’s rate, budgets at their plan’s budget rate.
          </Typography.Text>
        </Flex>
      </Card>

      {missing.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={`Rates missing in ${year}`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {missing.map((entry) => (
                <li key={entry.currency}>
                  {entry.currency}: {entry.months.map(longMonth).join(', ')} — an expense in {entry.currency} bought then cannot be recorded
                  until its rate is entered.
                </li>
              ))}
            </ul>
          }
        />
      )}

      <Card
        size="small"
        title={
          <Space wrap>
            <Button aria-label="Previous year" size="small" onClick={() => goToYear(year - 1)}>
              ‹
            </Button>
            <Typography.Text strong>{year}</Typography.Text>
            <Button aria-label="Next year" size="small" onClick={() => goToYear(year + 1)}>
              ›
            </Button>
          </Space>
        }
        extra={
          <Space wrap>
            <Select<CurrencyCode>
              aria-label="Add currency"
              placeholder="Add currency"
              style={{ width: 170 }}
              showSearch
              value={null}
              options={addable.map((code) => ({ value: code, label: currencyLabel(code) }))}
              onChange={(code) => setAdded((previous) => [...previous, code])}
            />
          </Space>
        }
      >
        {currencies.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Only {base} so far. Add a currency to enter its monthly rates, or import them from a CSV file.
          </Typography.Paragraph>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <table style={{ borderCollapse: 'collapse', minWidth: '100%' }}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      style={{
                        width: column.width,
                        textAlign: 'left',
                        padding: '6px 4px',
                        fontWeight: 600,
                        borderBottom: '1px solid #f0f0f0',
                        background: '#fafafa',
                        ...(column.fixed ? { position: 'sticky', left: 0, zIndex: 1 } : {}),
                      }}
                    >
                      {column.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {currencies.map((currency) => (
                  <tr key={currency}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        style={{
                          padding: '6px 4px',
                          borderBottom: '1px solid #f0f0f0',
                          ...(column.fixed ? { position: 'sticky', left: 0, zIndex: 1, background: '#fff' } : {}),
                        }}
                      >
                        {column.render(undefined, { currency })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Flex gap={8} wrap justify="flex-end" style={{ marginTop: 12 }}>
          <Button disabled={edits.size === 0 || save.isPending} onClick={() => setEdits(new Map())}>
            Discard
          </Button>
          <Button type="primary" loading={save.isPending} disabled={changes.length === 0} onClick={() => void saveChanges(changes)}>
            {changes.length > 0 ? `Save ${changes.length} ${changes.length === 1 ? 'rate' : 'rates'}` : 'Save rates'}
          </Button>
        </Flex>
      </Card>

      <Card size="small" title="Import from a CSV file">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            Columns Currency, Month (YYYY-MM) and Rate, e.g. <Typography.Text code>EUR,2026-03,1.0825</Typography.Text>. The file is checked
            first; it is saved whole or not at all.
          </Typography.Text>
          <input ref={fileInput} type="file" accept=".csv,text/csv" hidden onChange={(event) => void check(event)} />
          <Space wrap>
            <Button loading={importRates.isPending && !chosen} onClick={() => fileInput.current?.click()}>
              Choose CSV file…
            </Button>
            {chosen && chosen.result.Errors.length === 0 && (
              <Button type="primary" loading={importRates.isPending} onClick={() => void runImport()}>
                Import {chosen.result.Rows} {chosen.result.Rows === 1 ? 'rate' : 'rates'}
              </Button>
            )}
            {chosen && <Tag>{chosen.name}</Tag>}
          </Space>
          {chosen && chosen.result.Errors.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={`“${chosen.name}”: ${chosen.result.Errors.length} of ${chosen.result.Rows} rows need fixing; nothing was imported.`}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {chosen.result.Errors.slice(0, 50).map((error) => (
                    <li key={`${error.Row} ${error.Message}`}>{error.Message}</li>
                  ))}
                </ul>
              }
            />
          )}
          {chosen && chosen.result.Errors.length === 0 && (
            <Alert type="success" showIcon title={`“${chosen.name}”: ${chosen.result.Rows} rates checked, no errors.`} />
          )}
        </Flex>
      </Card>
      {merge.dialog}
    </Flex>
  );
};
