import type { NotificationSettings } from '@plansmith/contract';
import { Alert, App, Button, Checkbox, Flex, Form, Typography } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveNotificationSettings, useSendDigestPreview } from '../api/settings-api.ts';

/** Each choice also decides what reaches the inbox behind the header's bell (except the digest and news, mail only). */
const CHOICES: { name: keyof NotificationSettings; label: string; help: string }[] = [
  {
    name: 'CommentsOnMyPlans',
    label: 'Comments on my team’s plans',
    help: 'When someone comments on a plan, budget item or expense of your teams.',
  },
  { name: 'Mentions', label: 'Mentions', help: 'When someone names you in a comment (@First Last).' },
  {
    name: 'BudgetThresholds',
    label: 'Overspend alerts',
    help: 'When an expense takes a budget item’s actual spend past its amount (to the team’s Leads and the expense’s author).',
  },
  { name: 'TeamChanges', label: 'Team changes', help: 'When you are added to a team, removed from one, or your role changes.' },
  {
    name: 'WeeklySummary',
    label: 'Weekly summary',
    help: 'Monday 08:00 in your account’s time zone: spend against budget, burn against time and overdue expenses for each of your plans. On by default for team Leads.',
  },
  {
    name: 'MonthClose',
    label: 'Month-close reminders',
    help: 'For a team’s Leads: on the third working day of a month whose previous month is still open, a reminder to close it.',
  },
  {
    name: 'Approvals',
    label: 'Approvals',
    help: 'When a request waits for you as an approver of your team, and when a request of yours is approved or rejected.',
  },
  { name: 'ProductNews', label: 'Product news', help: 'Occasional news about new Plansmith features.' },
];

/** The user's e-mail notification choices, stored per user. */
export const NotificationSettingsForm = ({ settings }: { settings: NotificationSettings }) => {
  const save = useSaveNotificationSettings();
  const preview = useSendDigestPreview();
  const { message } = App.useApp();
  return (
    <Form<NotificationSettings>
      initialValues={settings}
      onFinish={(values) =>
        save.mutate({ ...settings, ...values }, { onSuccess: () => void message.success('Your notification choices were saved.') })
      }
    >
      {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        {CHOICES.map((choice) => (
          <Form.Item key={choice.name} name={choice.name} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>
              <Typography.Text strong>{choice.label}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{choice.help}</Typography.Text>
            </Checkbox>
          </Form.Item>
        ))}
      </Flex>
      <Flex gap={12} wrap align="center">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save choices
        </Button>
        <Button
          onClick={() =>
            preview.mutate(undefined, {
              onSuccess: (result) =>
                void message.success(
                  result.Plans === 0
                    ? 'You see no live plans yet, so there is no digest to send.'
                    : `A preview of your weekly digest (${result.Plans === 1 ? '1 plan' : `${result.Plans} plans`}) is on its way to your inbox.`,
                ),
            })
          }
          loading={preview.isPending}
        >
          Send me one now
        </Button>
      </Flex>
      {preview.isError ? (
        <Alert type="error" showIcon message={errorMessage(preview.error)} style={{ marginTop: 12 }} role="alert" />
      ) : null}
    </Form>
  );
};
