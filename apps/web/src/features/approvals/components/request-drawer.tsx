import type { ApprovalRequest } from '@plansmith/contract';
import { getHref } from '@plansmith/contract';
import { Button, Descriptions, Drawer, Flex, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates.ts';
import { formatBase } from '../../../shared/format/money.ts';
import { BudgetChangeMonths } from './budget-change-details.tsx';
import { beforeAfter, savedAs, STATUS_COLORS } from './request-labels.ts';

/**
 * One request in detail: the item's budget, available before and after, the expense and its comments
 * (loaded on open); a budget change's budget and months before → after and its reason.
 */
export const RequestDrawer = ({
  request: opened,
  onClose,
  onApprove,
  onReject,
  renderComments,
}: {
  request: ApprovalRequest;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
  renderComments?: ((expenseId: string) => ReactNode) | undefined;
}) => (
  <Drawer
    open
    onClose={onClose}
    title={opened.What}
    width={Math.min(520, typeof window === 'undefined' ? 520 : window.innerWidth)}
    extra={
      opened.CanDecide ? (
        <Space>
          <Button type="primary" onClick={onApprove}>
            Approve
          </Button>
          <Button danger onClick={onReject}>
            Reject
          </Button>
        </Space>
      ) : null
    }
  >
    {opened ? (
      <Flex vertical gap={16}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Status">
            <Tag color={STATUS_COLORS[opened.Status]}>{opened.Status}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Amount">
            {formatBase(opened.Amount)} {savedAs(opened).toLowerCase()}
          </Descriptions.Item>
          {opened.Change ? (
            <Descriptions.Item label="Budget">{beforeAfter(opened.Change.BudgetBefore, opened.Change.BudgetAfter)}</Descriptions.Item>
          ) : null}
          {opened.Change ? <Descriptions.Item label="Reason">{opened.Change.Reason}</Descriptions.Item> : null}
          <Descriptions.Item label="Requested by">
            {opened.Requester.Name}, {formatDateTime(opened.RequestedAt)}
          </Descriptions.Item>
          <Descriptions.Item label="Plan">
            <Link to={getHref('plan', { id: opened.Plan.Id })}>{opened.Plan.Name}</Link>
          </Descriptions.Item>
          {opened.Item ? (
            <Descriptions.Item label="Budget item">
              <Link to={getHref('budgetItem', { id: opened.Item.Id })}>{opened.Item.Name}</Link>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label="Item budget">{formatBase(opened.ItemBudget)}</Descriptions.Item>
          <Descriptions.Item label="Available before">{formatBase(opened.AvailableBefore)}</Descriptions.Item>
          <Descriptions.Item label="Available after">
            <span style={{ color: (opened.AvailableAfter ?? 0) < 0 ? '#cf1322' : undefined }}>{formatBase(opened.AvailableAfter)}</span>
          </Descriptions.Item>
          {opened.ExpenseId ? (
            <Descriptions.Item label="Expense">
              <Link to={getHref('expense', { id: opened.ExpenseId })}>Open the expense</Link>
            </Descriptions.Item>
          ) : null}
          {opened.DecidedBy ? (
            <Descriptions.Item label="Decided by">
              {opened.DecidedBy.Name}, {formatDateTime(opened.DecidedAt)}
            </Descriptions.Item>
          ) : null}
          {opened.Note ? <Descriptions.Item label="Note">{opened.Note}</Descriptions.Item> : null}
        </Descriptions>
        {opened.Change ? <BudgetChangeMonths change={opened.Change} /> : null}
        {opened.ExpenseId && renderComments ? renderComments(opened.ExpenseId) : null}
      </Flex>
    ) : null}
  </Drawer>
);
