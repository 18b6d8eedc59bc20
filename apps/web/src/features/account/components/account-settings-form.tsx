import { isTimeZone, PLAN_NAMES, PLAN_QUOTAS, type Tenant, TIME_ZONE_MESSAGE } from '@plansmith/contract';
import { Alert, App, Button, Descriptions, Form, Input, Select } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveTenant } from '../api/account-api.ts';

const limit = (value: number | null) => (value === null ? 'Unlimited' : String(value));

// The browser's IANA zones (UTC is not among them, so it goes first).
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')].map((zone) => ({
  value: zone,
  label: zone.replaceAll('_', ' '),
}));

/** The company account's name and details (Owners and Admins). */
export const AccountSettingsForm = ({ tenant }: { tenant: Tenant }) => {
  const save = useSaveTenant();
  const { message } = App.useApp();
  const quota = PLAN_QUOTAS[tenant.PlanCode];
  return (
    <>
      <Form<{ name: string; timeZone: string }>
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: tenant.Name, timeZone: tenant.TimeZone }}
        onFinish={(values) =>
          save.mutate(
            { Name: values.name.trim(), TimeZone: values.timeZone },
            { onSuccess: () => void message.success('Account settings were saved.') },
          )
        }
        style={{ maxWidth: 480 }}
      >
        {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form.Item
          label="Company name"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Please enter your company's name!" }, { max: 200 }]}
          extra="Shown to your people and in invitations. The badge uses its first two letters."
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item
          label="Time zone"
          name="timeZone"
          rules={[
            {
              validator: async (_rule, value: string) =>
                isTimeZone(value ?? '') ? undefined : Promise.reject(new Error(TIME_ZONE_MESSAGE)),
            },
          ]}
          extra="“Today” is the day in this time zone everywhere: overdue expenses, objective pace, new plans’ dates, and the weekly digest (Monday 08:00)."
        >
          <Select showSearch options={TIME_ZONES} optionFilterProp="label" aria-label="Time zone" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
      <Descriptions title="Details" column={1} style={{ marginTop: 32, maxWidth: 480 }} bordered size="small">
        <Descriptions.Item label="Short name">{tenant.ShortName}</Descriptions.Item>
        <Descriptions.Item label="Plan">{PLAN_NAMES[tenant.PlanCode]}</Descriptions.Item>
        <Descriptions.Item label="Teams included">{limit(quota.teams)}</Descriptions.Item>
        <Descriptions.Item label="People included">{limit(quota.people)}</Descriptions.Item>
        <Descriptions.Item label="Account id">
          <code>{tenant.Id}</code>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
};
