import { BASE_CURRENCY_CODES, CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY, getHref } from '@plansmith/contract';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { messageOf, type RegistrationFields, useRegister } from '../api/registration-mutations.ts';

type Values = { FirstName: string; LastName: string; Company: string; Email: string; BaseCurrency: CurrencyCode };

const CURRENCY_OPTIONS = BASE_CURRENCY_CODES.map((code) => ({ value: code, label: `${code} · ${CURRENCIES[code].name}` }));

/** Step 1 of 4 (SPEC.md §2, §5): the prospect's details; the page's query travels in MetaData. */
export const RegisterForm = ({
  metaData,
  onRegistered,
}: {
  metaData: Record<string, string>;
  onRegistered: (fields: RegistrationFields) => void;
}) => {
  const register = useRegister();
  return (
    <Form<Values>
      layout="vertical"
      requiredMark={false}
      disabled={register.isPending}
      initialValues={{ BaseCurrency: DEFAULT_CURRENCY }}
      onFinish={(values) => {
        const fields = { ...values, MetaData: metaData };
        register.mutate(fields, { onSuccess: () => onRegistered(fields) });
      }}
    >
      {register.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={messageOf(register.error, 'Unable To Register For a New Account Due To A System Error')}
        />
      ) : null}
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item
          label="First name"
          name="FirstName"
          style={{ flex: 1 }}
          rules={[{ required: true, whitespace: true, message: 'Please enter your first name!' }]}
        >
          <Input autoComplete="given-name" autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item
          label="Last name"
          name="LastName"
          style={{ flex: 1 }}
          rules={[{ required: true, whitespace: true, message: 'Please enter your last name!' }]}
        >
          <Input autoComplete="family-name" maxLength={100} />
        </Form.Item>
      </div>
      <Form.Item
        label="Business name"
        name="Company"
        rules={[{ required: true, whitespace: true, message: "Please enter your company's name!" }]}
      >
        <Input autoComplete="organization" maxLength={200} />
      </Form.Item>
      <Form.Item
        label="Business email"
        name="Email"
        rules={[
          { required: true, message: 'Please provide a valid email address!' },
          { type: 'email', message: 'Please provide a valid email address!' },
        ]}
      >
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Form.Item
        label="Base currency"
        name="BaseCurrency"
        extra="Every report and total is in it. It can change until your first budget item exists."
      >
        <Select showSearch optionFilterProp="label" options={CURRENCY_OPTIONS} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 13 }}>
        By creating an account you agree to the Plansmith{' '}
        {/* Underlined: inside grey text, colour alone does not mark them as links (WCAG 1.4.1). */}
        <a href="/terms" style={{ textDecoration: 'underline' }}>
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/privacy" style={{ textDecoration: 'underline' }}>
          Privacy Policy
        </a>
        .
      </Typography.Paragraph>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to={getHref('login')}>Already have an account? Sign in</Link>
        <Link to={getHref('forgotPassword')}>Forgot password?</Link>
      </div>
    </Form>
  );
};
