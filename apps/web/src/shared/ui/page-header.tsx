import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export const PageHeader = ({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) => (
  <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 24 }}>
    <div>
      {/* The page's one h1 (screen readers jump to it), drawn at antd's h2 size. */}
      <Typography.Title level={1} style={{ margin: 0, fontSize: 30, lineHeight: '38px' }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
    </div>
    {/* Actions wrap onto more rows on a phone instead of running off the screen. */}
    {actions ? (
      <Flex gap={8} wrap>
        {actions}
      </Flex>
    ) : null}
  </Flex>
);
