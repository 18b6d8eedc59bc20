import { LOCALE_LABELS, LOCALES, type Locale, type UserProfile } from '@plansmith/contract';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSaveMyProfile } from '../api/settings-api.ts';

type Values = { firstName: string; lastName: string; locale: Locale };

const LOCALE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_LABELS[locale] }));

/**
 * The signed-in user's name and how numbers and dates are shown to them (DESIGN.md §17: on every
 * screen and in their mails); the e-mail address is the sign-in name and is shown, not edited.
 */
export const MyProfileForm = ({ profile }: { profile: UserProfile }) => {
  const save = useSaveMyProfile();
  const { message } = App.useApp();
  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      initialValues={{ firstName: profile.FirstName, lastName: profile.LastName, locale: profile.Locale }}
      onFinish={(values) =>
        save.mutate(
          { FirstName: values.firstName.trim(), LastName: values.lastName.trim(), Locale: values.locale },
          { onSuccess: () => void message.success('Your profile was saved.') },
        )
      }
      style={{ maxWidth: 480 }}
    >
      {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form.Item
        label="First name"
        name="firstName"
        rules={[{ required: true, whitespace: true, message: 'Please enter your first name!' }, { max: 100 }]}
      >
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item
        label="Last name"
        name="lastName"
        rules={[{ required: true, whitespace: true, message: 'Please enter your last name!' }, { max: 100 }]}
      >
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item
        label="Numbers and dates"
        name="locale"
        extra="How amounts, numbers and dates look on your screens and in your e-mails, e.g. 1.234,50 € and 31.12.2027 in Deutsch."
      >
        <Select options={LOCALE_OPTIONS} />
      </Form.Item>
      <Form.Item label="Email" extra="You sign in with this address. Ask an admin if it needs to change.">
        {/* No `name`, so Form.Item does not link its label: name the field itself. */}
        <Input value={profile.Email} disabled aria-label="Email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save profile
      </Button>
    </Form>
  );
};
