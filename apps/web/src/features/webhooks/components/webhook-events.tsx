import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS, type WebhookEvent } from '@plansmith/contract';
import { Checkbox, Flex, Typography } from 'antd';

/** An event's name inside its group: 'expense.created' → 'Created'; 'month.closed' → 'Closed'. */
const verbOf = (event: WebhookEvent): string => {
  const verb = event.split('.')[1] ?? event;
  return verb.charAt(0).toUpperCase() + verb.slice(1);
};

/** Sorts events as the contract lists them (the order the server keeps), so lists compare by content. */
export const sortEvents = <E extends WebhookEvent>(events: readonly E[]): E[] =>
  [...events].sort((a, b) => WEBHOOK_EVENTS.indexOf(a) - WEBHOOK_EVENTS.indexOf(b));

/** "Expenses: created, deleted · Month close": what a hook listens to, in a line. */
export const summariseEvents = (events: readonly string[]): string =>
  WEBHOOK_EVENT_GROUPS.flatMap((group) => {
    const chosen = group.events.filter((event) => events.includes(event));
    if (chosen.length === 0) return [];
    if (chosen.length === group.events.length) return [group.events.length === 1 ? group.label : `${group.label}: all`];
    return [`${group.label}: ${chosen.map((event) => verbOf(event).toLowerCase()).join(', ')}`];
  }).join(' · ') || '—';

/**
 * Grouped checkboxes for a hook's events, a form control (value / onChange): each group is a
 * fieldset named by its legend, so a screen reader says "Expenses, group; Created expense.created, checkbox".
 */
export const WebhookEventsInput = ({
  value = [],
  onChange,
  id,
}: {
  value?: WebhookEvent[];
  onChange?: (events: WebhookEvent[]) => void;
  id?: string;
}) => {
  const toggle = (event: WebhookEvent, checked: boolean) =>
    onChange?.(sortEvents(checked ? [...value.filter((e) => e !== event), event] : value.filter((e) => e !== event)));
  return (
    <Flex id={id} wrap gap={16}>
      {WEBHOOK_EVENT_GROUPS.map((group) => (
        <fieldset key={group.label} style={{ border: 0, margin: 0, padding: 0, minWidth: 150 }}>
          <legend style={{ fontSize: 14, marginBottom: 4, border: 0 }}>
            <Typography.Text strong>{group.label}</Typography.Text>
          </legend>
          <Flex vertical gap={2}>
            {group.events.map((event) => (
              <Checkbox key={event} checked={value.includes(event)} onChange={(e) => toggle(event, e.target.checked)}>
                {verbOf(event)}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ({event})
                </Typography.Text>
              </Checkbox>
            ))}
          </Flex>
        </fieldset>
      ))}
    </Flex>
  );
};
