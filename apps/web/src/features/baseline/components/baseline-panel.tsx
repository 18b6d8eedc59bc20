import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { BudgetChange, BudgetChangeKind } from '@plansmith/contract';
import { App, Button, Card, Flex, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { formatMonthLabel } from '../../../shared/format/objective-values.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { useBaselineLock, useBudgetChanges } from '../api/baseline-queries.ts';

const KIND_LABELS: Record<BudgetChangeKind, { label: string; color?: string }> = {
  Edit: { label: 'Edit' },
  Reallocation: { label: 'Reallocation', color: 'blue' },
  RollForward: { label: 'Roll forward', color: 'purple' },
  Release: { label: 'Release', color: 'orange' },
};

const COLUMNS = [
  {
    title: 'Item',
    dataIndex: 'BudgetItemName',
    key: 'item',
    render: (name: string, row: BudgetChange) => (
      <Flex vertical>
        <Typography.Text strong>{name}</Typography.Text>
        <Typography.Text type="secondary">{row.Month ? formatMonthLabel(row.Month) : 'Whole amount'}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Before → after',
    key: 'amounts',
    render: (_: unknown, row: BudgetChange) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatBase(row.Before)} → {formatBase(row.After)}
      </span>
    ),
  },
  { title: 'Reason', dataIndex: 'Reason', key: 'reason' },
  {
    title: 'Kind',
    dataIndex: 'Kind',
    key: 'kind',
    render: (kind: BudgetChangeKind) => <Tag color={KIND_LABELS[kind].color}>{KIND_LABELS[kind].label}</Tag>,
  },
  {
    title: 'Who, when',
    key: 'who',
    render: (_: unknown, row: BudgetChange) => (
      <Flex vertical>
        <span>{row.ChangedBy ?? 'Someone'}</span>
        <Typography.Text type="secondary">{formatDateTime(row.ChangedAt)}</Typography.Text>
      </Flex>
    ),
  },
];

type PlanBaseline = { Id: string; Name: string; BaselineLockedAt: string | null; BaselineLockedBy: string | null };

/**
 * The plan's baseline (DESIGN.md §14): whether it is locked and by whom, Lock (the team's Lead, an
 * Admin, the Owner; confirmed) and Unlock (an Admin or the Owner, with a reason), and the budget
 * changes made since — who, when, item, month, before → after, why.
 */
export const BaselinePanel = ({ plan, canLock, canUnlock }: { plan: PlanBaseline; canLock: boolean; canUnlock: boolean }) => {
  const { message, modal } = App.useApp();
  const changes = useBudgetChanges(plan.Id);
  const lock = useBaselineLock();
  const [unlocking, setUnlocking] = useState(false);
  const [reason, setReason] = useState('');
  const locked = plan.BaselineLockedAt !== null;

  const confirmLock = () =>
    modal.confirm({
      title: `Lock the baseline of “${plan.Name}”?`,
      content:
        'Today’s budget of every item and month becomes the baseline. From then on every budget change needs a reason and is listed here.',
      okText: 'Lock baseline',
      onOk: async () => {
        try {
          await lock.mutateAsync({ planId: plan.Id, lock: true });
          message.success('Baseline locked.');
        } catch (error) {
          message.error(errorMessage(error));
        }
      },
    });

  const unlock = async () => {
    try {
      await lock.mutateAsync({ planId: plan.Id, lock: false, reason: reason.trim() });
      setUnlocking(false);
      setReason('');
      message.success('Baseline unlocked.');
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  return (
    <Card
      title="Baseline and budget changes"
      size="small"
      extra={
        locked ? (
          canUnlock ? (
            <Button icon={<UnlockOutlined />} onClick={() => setUnlocking(true)}>
              Unlock baseline
            </Button>
          ) : null
        ) : canLock ? (
          <Button icon={<LockOutlined />} onClick={confirmLock} loading={lock.isPending}>
            Lock baseline
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph style={{ marginBottom: 12 }}>
        {locked ? (
          <>
            <Tag icon={<LockOutlined />} color="blue">
              Locked
            </Tag>
            Baseline locked {formatDateTime(plan.BaselineLockedAt)}
            {plan.BaselineLockedBy ? ` by ${plan.BaselineLockedBy}` : ''}. Every budget change needs a reason.
          </>
        ) : (
          <>
            <Tag>Not locked</Tag>
            Budget changes need no reason until the baseline is locked. Reallocations are listed either way.
          </>
        )}
      </Typography.Paragraph>
      {changes.isPending ? (
        <LoadingState label="Loading budget changes…" />
      ) : changes.isError ? (
        <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />
      ) : changes.data.length === 0 ? (
        <EmptyState description="No budget changes yet." />
      ) : (
        <ResponsiveTable<BudgetChange>
          phoneTitle="Budget changes"
          aria-label="Budget changes"
          size="small"
          rowKey="Id"
          columns={COLUMNS}
          dataSource={changes.data}
          pagination={changes.data.length > 10 ? { pageSize: 10 } : false}
        />
      )}
      <Modal
        open={unlocking}
        title={`Unlock the baseline of “${plan.Name}”?`}
        okText="Unlock baseline"
        okButtonProps={{ disabled: reason.trim() === '', loading: lock.isPending }}
        onOk={() => void unlock()}
        onCancel={() => setUnlocking(false)}
      >
        <Typography.Paragraph>
          The snapshot is dropped and budget changes need no reason until the baseline is locked again. The changes listed stay.
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Reason for unlocking"
          placeholder="Why is the baseline unlocked?"
          maxLength={500}
          autoSize={{ minRows: 2 }}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Card>
  );
};
