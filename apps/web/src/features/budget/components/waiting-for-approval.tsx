import type { BudgetItem } from '@plansmith/contract';
import type { App } from 'antd';
import { createElement } from 'react';

type MessageApi = ReturnType<typeof App.useApp>['message'];

export type WaitingForApproval = NonNullable<BudgetItem['WaitingForApproval']>;

/** The request's page: the approvals queue opens its drawer (DESIGN.md §15). */
export const approvalRequestHref = (requestId: string): string => `/approvals?request=${encodeURIComponent(requestId)}`;

/**
 * A budget change the server held as an approval request (after the baseline lock, at or above the
 * team's threshold): the server's words and a link to the request. A plain link: toasts render outside
 * the router, and the month grid is also shown without one.
 */
export const WaitingNotice = ({ text, href, linkText }: { text: string; href: string; linkText: string }) => (
  <span role="status">
    {text}{' '}
    <a href={href} style={{ whiteSpace: 'nowrap' }}>
      {linkText}
    </a>
  </span>
);

/** Says, as information (not an error, not "saved"), that the change waits; the figures on screen stay as they are. */
export const showWaitingForApproval = (message: MessageApi, waiting: WaitingForApproval, text: string = waiting.Message): void => {
  void message.open({
    key: `waiting-${waiting.RequestId}`,
    type: 'info',
    duration: 12,
    content: createElement(WaitingNotice, { text, href: approvalRequestHref(waiting.RequestId), linkText: 'Open the request' }),
  });
};

/**
 * A saved block (a paste or its undo) of which some items wait: how many were saved and how many
 * wait, with a link to the one request, or to my requests when there are several.
 */
export const showBlockWaiting = (message: MessageApi, label: string, saved: readonly BudgetItem[]): void => {
  const waiting = saved.flatMap((item) => (item.WaitingForApproval ? [item.WaitingForApproval] : []));
  const [only] = waiting;
  if (!only) return;
  void message.open({
    key: `waiting-block-${only.RequestId}`,
    type: 'info',
    duration: 12,
    content: createElement(WaitingNotice, {
      text: blockWaitingText(label, saved.length - waiting.length, waiting.length),
      href: waiting.length === 1 ? approvalRequestHref(only.RequestId) : '/approvals',
      linkText: waiting.length === 1 ? 'Open the request' : 'Open approvals (My requests)',
    }),
  });
};

/** What a pasted block did when some of its items wait: how many were saved and how many wait. */
export const blockWaitingText = (label: string, saved: number, waiting: number): string => {
  const items = (count: number) => (count === 1 ? '1 item' : `${count} items`);
  const savedPart = saved === 0 ? 'nothing was saved' : `${items(saved)} saved`;
  return `${label}: ${savedPart}, ${items(waiting)} waiting for approval (at or above your team’s threshold; unchanged until approved).`;
};
