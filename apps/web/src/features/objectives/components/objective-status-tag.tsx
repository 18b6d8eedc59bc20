import type { ObjectiveStatus } from '@plansmith/contract';
import { Tag } from 'antd';

const STATUS: Record<ObjectiveStatus, { label: string; color: string }> = {
  NotStarted: { label: 'Not started', color: 'default' },
  Achieved: { label: 'Achieved', color: 'green' },
  OnTrack: { label: 'On track', color: 'blue' },
  AtRisk: { label: 'At risk', color: 'gold' },
  Behind: { label: 'Behind', color: 'red' },
};

export const statusLabel = (status: ObjectiveStatus): string => STATUS[status].label;

/** Where an objective stands against its pace (DESIGN.md §9), as a coloured tag with words. */
export const ObjectiveStatusTag = ({ status }: { status: ObjectiveStatus }) => (
  <Tag color={STATUS[status].color} style={{ marginInlineEnd: 0 }}>
    {STATUS[status].label}
  </Tag>
);
