import { DownloadOutlined } from '@ant-design/icons';
import {
  AUDIT_KIND_LABELS,
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  type AuditItem,
  type AuditKind,
  SECURITY_EVENT_KINDS,
  ACTIVITY_EVENT_KINDS,
} from '@plansmith/contract';
import { App, Button, Card, Flex, Grid, InputNumber, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { DATE_FORMAT, dateInputHint, formatDateTime } from '../../../shared/format/dates.ts';
import { DateInput } from '../../../shared/ui/date-input.tsx';
import { ErrorState } from '../../../shared/ui/query-state.tsx';
import { useAuditLog, useAuditSettings, useExportAudit, useSaveAuditSettings } from '../api/audit-queries.ts';

export type AuditPerson = { id: string; name: string };

type Filters = { UserId?: string; Kind?: AuditKind; From?: string; To?: string };

const PAGE_SIZE = 50;

const KIND_OPTIONS = [
  { label: 'Security', options: SECURITY_EVENT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })) },
  { label: 'Data changes', options: ACTIVITY_EVENT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })) },
];

const SECURITY = new Set<string>(SECURITY_EVENT_KINDS);
const WARNING = new Set<string>(['sign_in_failed', 'role_changed', 'person_deactivated', 'token_revoked']);

const kindColor = (kind: AuditKind) => (WARNING.has(kind) ? 'orange' : SECURITY.has(kind) ? 'blue' : 'default');

const columns: ColumnsType<AuditItem> = [
  {
    title: 'When',
    // In the browser's zone and the person's display locale (DESIGN.md §17), as every screen shows instants.
    dataIndex: 'At',
    width: 190,
    render: (at: string, item) => (
      <Flex vertical gap={2}>
        <span>{formatDateTime(at)}</span>
        <Tag color={kindColor(item.Kind)} style={{ width: 'fit-content' }}>
          {AUDIT_KIND_LABELS[item.Kind]}
        </Tag>
      </Flex>
    ),
  },
  {
    title: 'Person',
    dataIndex: 'Name',
    width: 170,
    render: (name: string) => name || <Typography.Text type="secondary">—</Typography.Text>,
  },
  {
    title: 'What happened',
    dataIndex: 'Summary',
    render: (summary: string) => <span style={{ overflowWrap: 'anywhere' }}>{summary}</span>,
  },
  { title: 'IP address', dataIndex: 'Ip', width: 130, responsive: ['md'], render: (ip: string | null) => ip ?? '' },
];

/** On a phone: one column, the entry's sentence under when, who and what kind. */
const narrowColumns: ColumnsType<AuditItem> = [
  {
    title: 'Entry',
    key: 'entry',
    render: (_: unknown, item) => (
      <Flex vertical gap={4}>
        <Flex wrap gap={6} align="center">
          <Tag color={kindColor(item.Kind)}>{AUDIT_KIND_LABELS[item.Kind]}</Tag>
          <Typography.Text type="secondary">{formatDateTime(item.At)}</Typography.Text>
        </Flex>
        <Typography.Text strong>{item.Name || '—'}</Typography.Text>
        <span style={{ overflowWrap: 'anywhere' }}>{item.Summary}</span>
        {item.Ip ? <Typography.Text type="secondary">IP {item.Ip}</Typography.Text> : null}
      </Flex>
    ),
  },
];

/** The filter bar, the log (one page at a time) and the CSV of everything matching. */
export const AuditLog = ({ people }: { people: readonly AuditPerson[] }) => {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog({ ...filters, Page: page, PageSize: PAGE_SIZE }, true);
  const exporter = useExportAudit();
  const { message } = App.useApp();
  const narrow = Grid.useBreakpoint().md === false;
  const change = (next: Filters) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  // The date fields' own values: a typed text that is no date stays in its field (marked) and leaves the filter as it was.
  const [dates, setDates] = useState<{ From: Dayjs | null; To: Dayjs | null }>({ From: null, To: null });
  const changeDate = (key: 'From' | 'To', value: Dayjs | null) => {
    setDates((current) => ({ ...current, [key]: value }));
    if (!value || value.isValid()) change({ [key]: value ? value.format(DATE_FORMAT) : undefined });
  };
  const unreadable = [dates.From, dates.To].some((value) => value !== null && !value.isValid());
  const badRange = Boolean(filters.From && filters.To && filters.From > filters.To);

  return (
    <Card>
      <Flex wrap gap={8} style={{ marginBottom: 12 }} align="end">
        <Select
          aria-label="Person"
          placeholder="Everyone"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200, maxWidth: '100%' }}
          value={filters.UserId}
          onChange={(value?: string) => change({ UserId: value })}
          options={people.map((person) => ({ value: person.id, label: person.name }))}
        />
        <Select
          aria-label="Kind"
          placeholder="Every kind"
          allowClear
          style={{ width: 200, maxWidth: '100%' }}
          value={filters.Kind}
          onChange={(value?: AuditKind) => change({ Kind: value })}
          options={KIND_OPTIONS}
        />
        {/* The app's date field: typed in the person's locale (04.03.2026 in de-DE) as in every other form. */}
        <Flex gap={6} align="center">
          <label htmlFor="audit-from">From</label>
          <DateInput id="audit-from" style={{ width: 160 }} value={dates.From} onChange={(value) => changeDate('From', value)} />
        </Flex>
        <Flex gap={6} align="center">
          <label htmlFor="audit-to">To</label>
          <DateInput
            id="audit-to"
            style={{ width: 160 }}
            value={dates.To}
            status={badRange ? 'error' : undefined}
            onChange={(value) => changeDate('To', value)}
          />
        </Flex>
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          disabled={badRange || unreadable}
          onClick={() =>
            exporter.mutate(filters, {
              onError: (error) => void message.error(error instanceof Error ? error.message : 'The export failed.'),
            })
          }
        >
          Export CSV
        </Button>
      </Flex>
      {unreadable ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          Type dates as {dateInputHint()}.
        </Typography.Text>
      ) : null}
      {badRange ? (
        <Typography.Text type="danger">The To date cannot be before the From date.</Typography.Text>
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : (
        <Table<AuditItem>
          size="small"
          rowKey={(item) => `${item.At}|${item.Kind}|${item.EntityId ?? ''}|${item.Summary}`}
          columns={narrow ? narrowColumns : columns}
          dataSource={log.data?.Items ?? []}
          loading={log.isFetching}
          tableLayout="fixed"
          locale={{ emptyText: 'Nothing matches these filters.' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: log.data?.Total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `${total} ${total === 1 ? 'entry' : 'entries'}`,
            onChange: setPage,
          }}
        />
      )}
    </Card>
  );
};

/** How long the log keeps entries; older ones go at the next daily prune. */
export const AuditRetention = () => {
  const settings = useAuditSettings(true);
  const save = useSaveAuditSettings();
  const { message } = App.useApp();
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data) setDays(settings.data.RetentionDays);
  }, [settings.data]);
  const valid = days !== null && Number.isInteger(days) && days >= AUDIT_RETENTION_MIN_DAYS && days <= AUDIT_RETENTION_MAX_DAYS;
  return (
    <Card title="Retention" size="small">
      <Flex wrap gap={8} align="center">
        <label htmlFor="audit-retention">Keep entries for</label>
        <InputNumber
          id="audit-retention"
          min={AUDIT_RETENTION_MIN_DAYS}
          max={AUDIT_RETENTION_MAX_DAYS}
          precision={0}
          value={days}
          disabled={!settings.data}
          onChange={(value) => setDays(value)}
          addonAfter="days"
          style={{ width: 170 }}
        />
        <Button
          disabled={!valid || days === settings.data?.RetentionDays}
          loading={save.isPending}
          onClick={() =>
            days !== null &&
            save.mutate(days, {
              onSuccess: () => void message.success('Retention saved.'),
              onError: (error) => void message.error(error instanceof Error ? error.message : 'Could not save.'),
            })
          }
        >
          Save
        </Button>
        <Typography.Text type="secondary">
          {AUDIT_RETENTION_MIN_DAYS} to {AUDIT_RETENTION_MAX_DAYS} days; older entries are deleted once a day. Notes people wrote stay.
        </Typography.Text>
      </Flex>
    </Card>
  );
};
