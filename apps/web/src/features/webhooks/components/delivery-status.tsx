import type { WebhookDeliveryStatus as DeliveryStatus } from '@plansmith/contract';
import { Tag } from 'antd';
import { formatCount } from '../../../shared/format/money.ts';

const STATUS_TAGS: Record<DeliveryStatus, { color: string; label: string }> = {
  pending: { color: 'gold', label: 'Retrying' },
  delivered: { color: 'green', label: 'Delivered' },
  failed: { color: 'red', label: 'Failed' },
};

/**
 * A delivery's status as a tag. A pending delivery that has been tried is "Retrying"; one not tried
 * yet is "Pending".
 */
export const DeliveryStatusTag = ({ status, attempts }: { status: DeliveryStatus; attempts: number }) => {
  const tag = STATUS_TAGS[status];
  return <Tag color={tag.color}>{status === 'pending' && attempts === 0 ? 'Pending' : tag.label}</Tag>;
};

/** "200 in 123 ms", "500 in 2,030 ms", "No answer" (a timeout or a refused connection). */
export const describeResponse = (responseStatus: number | null, responseMs: number | null): string => {
  if (responseStatus === null) return responseMs === null ? '—' : `No answer after ${formatCount(responseMs)} ms`;
  return responseMs === null ? String(responseStatus) : `${responseStatus} in ${formatCount(responseMs)} ms`;
};
