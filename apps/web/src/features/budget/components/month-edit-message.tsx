import { Button } from 'antd';

/**
 * The toast of a typed month (issue 28 B2): what the edit did to the item's year total, in the
 * server's words, and, when the total changed, the other choice: keep the year total.
 */
export const MonthEditMessage = ({ description, onKeepYearTotal }: { description: string; onKeepYearTotal: (() => void) | null }) => (
  <span>
    {description}. Press Ctrl+Z to undo.
    {onKeepYearTotal ? (
      <Button type="link" size="small" onClick={onKeepYearTotal}>
        Keep the year total
      </Button>
    ) : null}
  </span>
);
