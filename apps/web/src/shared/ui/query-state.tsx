import { Alert, Button, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/api-error.ts';

export const LoadingState = ({ label = 'Loading…' }: { label?: string }) => (
  <Flex justify="center" align="center" style={{ padding: 48 }} role="status" aria-live="polite">
    <Spin />
    <span style={{ marginLeft: 12 }}>{label}</span>
  </Flex>
);

/** A failed call, said plainly, with a way to try again (DESIGN.md §7.10). */
export const ErrorState = ({
  error,
  onRetry,
  title = 'This could not be loaded.',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) => (
  <Alert
    type="error"
    showIcon
    message={title}
    description={errorMessage(error)}
    action={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
  />
);

export const EmptyState = ({ description, action }: { description: ReactNode; action?: ReactNode }) => (
  <Empty description={description} style={{ padding: 32 }}>
    {action}
  </Empty>
);
