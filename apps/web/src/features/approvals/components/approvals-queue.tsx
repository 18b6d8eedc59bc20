import type { ApprovalRequest } from '@plansmith/contract';
import { App, Button, Checkbox, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatBase, sumDollars } from '../../../shared/format/money.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { useNarrowScreen } from '../../../shared/ui/use-narrow-screen.ts';
import { useApprovals, useApprove } from '../api/approvals-api.ts';
import { approveWords, beforeAfter, savedAs, STATUS_COLORS } from './request-labels.ts';

// The drawer (descriptions, comments) and the reject dialog load when first opened: the queue's first load stays small.
const RequestDrawer = lazy(async () => ({ default: (await import('./request-drawer.tsx')).RequestDrawer }));
const RejectDialog = lazy(async () => ({ default: (await import('./reject-dialog.tsx')).RejectDialog }));

type Tab = 'waiting' | 'mine' | 'all';

const age = (days: number) => (days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`);

/**
 * /approvals (DESIGN.md §15): the requests that wait for me, my own requests, and all of them for
 * Admins; bulk approve with one confirmation, reject with a note, a drawer with the item's budget.
 */
export const ApprovalsQueue = ({
  isAdmin,
  renderComments,
}: {
  isAdmin: boolean;
  /** The expense's comments, composed in by the page (features do not import each other). */
  renderComments?: (expenseId: string) => ReactNode;
}) => {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('waiting');
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<ApprovalRequest | null>(null);
  const filter = tab === 'mine' ? { Mine: true } : tab === 'waiting' ? { Status: 'Pending' as const } : {};
  const list = useApprovals(filter);
  const approve = useApprove();
  const { modal, message } = App.useApp();
  // On a phone the request's cell carries its amount and the decision; the other columns are left out.
  const narrow = useNarrowScreen();
  const rows = useMemo(() => (list.data ?? []).filter((request) => tab !== 'waiting' || request.CanDecide), [list.data, tab]);
  const openId = params.get('request');
  const inTab = (list.data ?? []).find((request) => request.Id === openId);
  // A linked request that is not in this tab (a decided one, or my own in a decision mail's link) is
  // looked up among every request I may see, so the link still opens it.
  const everything = useApprovals({}, Boolean(openId) && list.isSuccess && !inTab);
  const opened = inTab ?? (everything.data ?? []).find((request) => request.Id === openId) ?? null;
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('request', id);
    else next.delete('request');
    setParams(next, { replace: true });
  };

  const approveMany = (requests: ApprovalRequest[], done?: () => void) => {
    const total = sumDollars(requests.map((request) => request.Amount));
    modal.confirm({
      title: requests.length === 1 ? `Approve “${requests[0]?.What}”?` : `Approve ${requests.length} requests?`,
      content: approveWords(requests, formatBase(total)),
      okText: 'Approve',
      onOk: async () => {
        const failed: string[] = [];
        for (const request of requests) {
          try {
            await approve.mutateAsync({ RequestId: request.Id, Version: request.Version });
          } catch (error) {
            failed.push(`${request.What}: ${errorMessage(error)}`);
          }
        }
        setSelected([]);
        if (failed.length) void message.error(`Not approved — ${failed.join('; ')}`);
        else {
          void message.success(requests.length === 1 ? 'Approved.' : `${requests.length} requests approved.`);
          done?.();
        }
      },
    });
  };

  const allColumns: ColumnsType<ApprovalRequest> = [
    {
      title: 'Request',
      key: 'What',
      render: (_, request) => (
        <Flex vertical align="start">
          {/* antd's buttons do not wrap: a long name would push a phone's table past the screen's edge. */}
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal', overflowWrap: 'anywhere' }}
            onClick={() => open(request.Id)}
          >
            {request.What}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {request.Requester.Name} · {request.Plan.Name}
            {request.Item ? ` · ${request.Item.Name}` : ''}
          </Typography.Text>
          {request.Change ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Budget {beforeAfter(request.Change.BudgetBefore, request.Change.BudgetAfter)} · Reason: {request.Change.Reason}
            </Typography.Text>
          ) : null}
          {narrow ? (
            <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
              <strong>{formatBase(request.Amount)}</strong>
              <Typography.Text type="secondary">{savedAs(request)}</Typography.Text>
              <Tag color={STATUS_COLORS[request.Status]}>{request.Status}</Tag>
              {request.CanDecide ? (
                <>
                  <Button size="small" type="primary" onClick={() => approveMany([request])}>
                    Approve
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(request)}>
                    Reject
                  </Button>
                </>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Amount',
      key: 'Amount',
      align: 'right',
      render: (_, request) => (
        <Flex vertical align="end">
          <strong style={{ whiteSpace: 'nowrap' }}>{formatBase(request.Amount)}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {savedAs(request)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Available',
      key: 'Available',
      align: 'right',
      responsive: ['md'],
      render: (_, request) =>
        request.AvailableBefore === null ? (
          '—'
        ) : (
          <span style={{ whiteSpace: 'nowrap', color: (request.AvailableAfter ?? 0) < 0 ? '#cf1322' : undefined }}>
            {formatBase(request.AvailableBefore)} → {formatBase(request.AvailableAfter)}
          </span>
        ),
    },
    { title: 'Age', key: 'Age', responsive: ['md'], render: (_, request) => age(request.AgeDays) },
    { title: 'Status', key: 'Status', render: (_, request) => <Tag color={STATUS_COLORS[request.Status]}>{request.Status}</Tag> },
    {
      title: '',
      key: 'actions',
      render: (_, request) =>
        request.CanDecide ? (
          <Flex gap={8} wrap>
            <Button size="small" type="primary" onClick={() => approveMany([request])}>
              Approve
            </Button>
            <Button size="small" danger onClick={() => setRejecting(request)}>
              Reject
            </Button>
          </Flex>
        ) : null,
    },
  ];

  // Bulk approve picks rows by a checkbox column of its own (antd's row selection brings a dropdown and radios along).
  const decidable = rows.filter((request) => request.CanDecide).map((request) => request.Id);
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((other) => other !== id)));
  const selection: ColumnsType<ApprovalRequest>[number] = {
    key: 'select',
    width: 40,
    title: (
      <Checkbox
        aria-label="Select every request"
        checked={decidable.length > 0 && decidable.every((id) => selected.includes(id))}
        indeterminate={selected.length > 0 && selected.length < decidable.length}
        onChange={(event) => setSelected(event.target.checked ? decidable : [])}
      />
    ),
    render: (_, request) => (
      <Checkbox
        aria-label={`Select ${request.What}`}
        disabled={!request.CanDecide}
        checked={selected.includes(request.Id)}
        onChange={(event) => toggle(request.Id, event.target.checked)}
      />
    ),
  };
  const shown = narrow ? allColumns.slice(0, 1) : allColumns;
  const columns = tab === 'waiting' ? [selection, ...shown] : shown;
  const tabs = [
    { value: 'waiting', label: 'Waiting for me' },
    { value: 'mine', label: 'My requests' },
    ...(isAdmin ? [{ value: 'all', label: 'All' }] : []),
  ];
  const chosen = rows.filter((request) => selected.includes(request.Id) && request.CanDecide);

  return (
    <>
      <Flex gap={8} wrap role="group" aria-label="Which requests" style={{ marginBottom: 16 }}>
        {tabs.map((option) => (
          <Button
            key={option.value}
            type={tab === option.value ? 'primary' : 'default'}
            aria-pressed={tab === option.value}
            onClick={() => {
              setTab(option.value as Tab);
              setSelected([]);
            }}
          >
            {option.label}
          </Button>
        ))}
      </Flex>
      {tab === 'waiting' && rows.length > 0 ? (
        <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
          <Button type="primary" disabled={chosen.length === 0} onClick={() => approveMany(chosen)}>
            Approve selected{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
          <Typography.Text type="secondary">Requested money counts in neither Committed nor Actual until approved.</Typography.Text>
        </Flex>
      ) : null}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState description={tab === 'waiting' ? 'Nothing waits for your decision.' : 'No requests here.'} />
      ) : (
        <Table<ApprovalRequest>
          rowKey="Id"
          size="middle"
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={narrow ? undefined : { x: 'max-content' }}
        />
      )}
      {opened ? (
        <Suspense fallback={null}>
          <RequestDrawer
            request={opened}
            onClose={() => open(null)}
            onApprove={() => approveMany([opened], () => open(null))}
            onReject={() => setRejecting(opened)}
            renderComments={renderComments}
          />
        </Suspense>
      ) : null}
      {rejecting ? (
        <Suspense fallback={null}>
          <RejectDialog
            request={rejecting}
            onClose={() => setRejecting(null)}
            onRejected={() => {
              // A decision taken from the drawer closes it, as approving does.
              if (rejecting.Id === openId) open(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
};
