import { Select, Tooltip } from 'antd';

/** A picker whose options failed to load: says so, and a click loads them again. */
export const RetrySelect = ({
  label,
  what,
  width,
  onRetry,
}: {
  label: string;
  what: string;
  width: number | string;
  onRetry: () => void;
}) => (
  <Tooltip title={`Your ${what} could not be loaded. Click to try again.`}>
    <Select
      aria-label={label}
      status="error"
      placeholder={`${what[0]?.toUpperCase()}${what.slice(1)} unavailable — retry`}
      style={{ width }}
      open={false}
      onClick={onRetry}
    />
  </Tooltip>
);
