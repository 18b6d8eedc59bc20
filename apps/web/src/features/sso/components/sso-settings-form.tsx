import {
  SSO_DEFAULT_ROLES,
  SSO_MAX_DOMAINS,
  SSO_SECRET_REQUIRED_MESSAGE,
  SsoDomainSchema,
  SsoIssuerUrlSchema,
  type SsoSaveRequest,
  type SsoSettings,
} from '@plansmith/contract';
import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Form, Input, Select, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { ErrorState, LoadingState } from '../../../shared/ui/query-state.tsx';
import { useSaveSsoSettings, useSsoSettings, useTestSsoConnection } from '../api/sso-queries.ts';

type SsoValues = {
  enabled: boolean;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  defaultRole: SsoSettings['DefaultRole'];
  requireSso: boolean;
};

/** What the merge dialog compares: the saved fields the form edits (the secret is never read back). */
type SsoFields = Pick<SsoSettings, 'IssuerUrl' | 'ClientId' | 'Domains' | 'DefaultRole' | 'RequireSso' | 'Enabled'>;

const onOff = (value: unknown) => (value ? 'On' : 'Off');

const MERGE_FIELDS = [
  { key: 'Enabled', label: 'Single sign-on', format: onOff },
  { key: 'IssuerUrl', label: 'Issuer URL' },
  { key: 'ClientId', label: 'Client ID' },
  { key: 'Domains', label: 'E-mail domains', format: (value: unknown) => (Array.isArray(value) ? value.join(', ') : '—') },
  { key: 'DefaultRole', label: 'Role of new people' },
  { key: 'RequireSso', label: 'Require single sign-on', format: onOff },
] as const;

const valuesOf = (settings: SsoSettings): SsoValues => ({
  enabled: settings.Enabled,
  issuerUrl: settings.IssuerUrl,
  clientId: settings.ClientId,
  clientSecret: '',
  domains: settings.Domains,
  defaultRole: settings.DefaultRole,
  requireSso: settings.RequireSso,
});

/** The contract's own checks, said before the round trip (the server says the same words). */
const schemaRule =
  (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }): Rule =>
  () => ({
    validator: (_rule, value: unknown) => {
      const parsed = schema.safeParse(value ?? '');
      return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error?.issues[0]?.message));
    },
  });

const domainsRule: Rule = {
  validator: (_rule, value: string[] | undefined) => {
    const domains = value ?? [];
    if (domains.length === 0) return Promise.reject(new Error('Enter at least one e-mail domain.'));
    if (domains.length > SSO_MAX_DOMAINS) return Promise.reject(new Error(`At most ${SSO_MAX_DOMAINS} domains.`));
    const wrong = domains.find((domain) => !SsoDomainSchema.safeParse(domain).success);
    return wrong === undefined
      ? Promise.resolve()
      : Promise.reject(new Error(`${wrong}: each domain must be a domain name such as example.com (no @, no scheme).`));
  },
};

/**
 * The account's OpenID Connect sign-in (DESIGN.md §18): the identity provider's issuer, the client
 * registered there, the e-mail domains it signs in, the role of people it creates, and whether
 * passwords still work. The client secret is write-only: the form says whether one is saved.
 */
export const SsoSettingsForm = () => {
  const settings = useSsoSettings(true);
  const save = useSaveSsoSettings();
  const test = useTestSsoConnection();
  const merge = useMergeDialog();
  const { message } = App.useApp();
  const [form] = Form.useForm<SsoValues>();
  const requireSso = Form.useWatch('requireSso', form);
  // The settings as the form was filled from them: their Version goes with the save.
  const read = useRef<SsoSettings | null>(null);

  useEffect(() => {
    if (!settings.data || read.current) return;
    read.current = settings.data;
    form.setFieldsValue(valuesOf(settings.data));
  }, [settings.data, form]);

  const fill = (next: SsoSettings) => {
    read.current = next;
    form.setFieldsValue(valuesOf(next));
  };

  const send = (body: SsoSaveRequest) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        fill(saved);
        void message.success('The single sign-on settings were saved.');
      },
      onError: async (error) => {
        const stale = staleWriteOf<SsoSettings & { Version: number }>(error);
        if (!stale) return;
        save.reset();
        const mine: SsoFields = {
          IssuerUrl: body.IssuerUrl,
          ClientId: body.ClientId,
          Domains: body.Domains,
          DefaultRole: body.DefaultRole ?? 'Member',
          RequireSso: body.RequireSso ?? false,
          Enabled: body.Enabled ?? true,
        };
        const choice = await merge.ask(stale.message, changedFields<SsoFields>(MERGE_FIELDS, stale.current, mine));
        if (choice === 'mine') send({ ...body, Version: stale.version });
        else fill(stale.current);
      },
    });

  const submit = (values: SsoValues) => {
    const version = read.current?.Version ?? null;
    send({
      IssuerUrl: values.issuerUrl.trim(),
      ClientId: values.clientId.trim(),
      ...(values.clientSecret ? { ClientSecret: values.clientSecret } : {}),
      Domains: values.domains.map((domain) => domain.trim().toLowerCase()),
      DefaultRole: values.defaultRole,
      RequireSso: values.requireSso,
      Enabled: values.enabled,
      ...(version === null ? {} : { Version: version }),
    });
  };

  const copyRedirectUri = async (uri: string) => {
    try {
      await navigator.clipboard.writeText(uri);
      void message.success('The redirect URI was copied.');
    } catch {
      void message.error('The browser did not allow copying: select the address and copy it.');
    }
  };

  const runTest = async () => {
    const fields = await form.validateFields(['issuerUrl']).catch(() => null);
    if (fields) test.mutate(String(form.getFieldValue('issuerUrl') ?? '').trim());
  };

  if (settings.isPending) return <LoadingState label="Loading the single sign-on settings…" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const hasSecret = read.current?.HasClientSecret ?? settings.data.HasClientSecret;

  return (
    <Flex vertical gap={16}>
      {merge.dialog}
      <Card title="Register Plansmith at your identity provider">
        <Typography.Paragraph>
          Create an OpenID Connect application (a confidential client, authorization code flow) at your identity provider and give it this
          redirect URI:
        </Typography.Paragraph>
        <label htmlFor="sso-redirect-uri" style={{ display: 'block', paddingBottom: 8 }}>
          Redirect URI
        </label>
        <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
          <Input id="sso-redirect-uri" readOnly value={settings.data.RedirectUri} />
          <Button icon={<CopyOutlined />} onClick={() => void copyRedirectUri(settings.data.RedirectUri)}>
            Copy
          </Button>
        </Space.Compact>
      </Card>
      <Card title="Identity provider">
        {save.isError ? <Alert type="error" showIcon message={errorMessage(save.error)} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          initialValues={valuesOf(settings.data)}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="enabled"
            label="Single sign-on"
            valuePropName="checked"
            extra="When off, no one can sign in through the identity provider; passwords work for everyone."
          >
            <Switch aria-label="Single sign-on" />
          </Form.Item>
          <Form.Item
            name="issuerUrl"
            label="Issuer URL"
            rules={[schemaRule(SsoIssuerUrlSchema)]}
            extra="The identity provider’s issuer; Plansmith reads its /.well-known/openid-configuration."
          >
            <Input placeholder="https://login.example.com/realms/acme" autoComplete="off" inputMode="url" />
          </Form.Item>
          <Form.Item name="clientId" label="Client ID" rules={[{ required: true, whitespace: true, message: 'Enter the client id.' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="clientSecret"
            label="Client secret"
            rules={hasSecret ? [] : [{ required: true, message: SSO_SECRET_REQUIRED_MESSAGE }]}
            extra={
              hasSecret
                ? 'A secret is saved (it is never shown). Leave this empty to keep it, or enter a new one to replace it.'
                : 'Stored encrypted; it is never shown again.'
            }
          >
            <Input.Password autoComplete="new-password" placeholder={hasSecret ? '•••••••• (saved)' : undefined} />
          </Form.Item>
          <Form.Item
            name="domains"
            label="E-mail domains"
            rules={[domainsRule]}
            extra="People whose address ends in one of these domains sign in through this identity provider. Press Enter after each."
          >
            <Select
              mode="tags"
              notFoundContent={null}
              suffixIcon={null}
              tokenSeparators={[',', ' ', ';']}
              placeholder="example.com"
              aria-label="E-mail domains"
            />
          </Form.Item>
          <Form.Item
            name="defaultRole"
            label="Role of people signing in for the first time"
            extra="Someone new is added to the account with this role on their first sign-in."
          >
            <Select
              aria-label="Role of people signing in for the first time"
              style={{ maxWidth: 240 }}
              options={SSO_DEFAULT_ROLES.map((role) => ({ value: role, label: role }))}
            />
          </Form.Item>
          <Form.Item name="requireSso" label="Require single sign-on" valuePropName="checked">
            <Switch aria-label="Require single sign-on" />
          </Form.Item>
          {requireSso ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 24 }}
              message="Passwords stop working for everyone but the Owner"
              description="Everyone else must then sign in through your identity provider: their passwords and password resets are refused. The Owner keeps the password sign-in, so the account can be reached if the identity provider fails. Test the connection and sign in once through single sign-on before you require it."
            />
          ) : null}
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
            <Button onClick={() => void runTest()} loading={test.isPending}>
              Test connection
            </Button>
          </Flex>
        </Form>
        {test.isError ? <Alert type="error" showIcon message={errorMessage(test.error)} style={{ marginTop: 16 }} role="alert" /> : null}
        {test.data ? (
          <Alert
            type={test.data.Ok ? 'success' : 'error'}
            showIcon
            role={test.data.Ok ? 'status' : 'alert'}
            style={{ marginTop: 16, overflowWrap: 'anywhere' }}
            message={test.data.Message}
            description={
              test.data.Ok ? (
                <>
                  {test.data.Issuer ? <div>Issuer: {test.data.Issuer}</div> : null}
                  {test.data.AuthorizationEndpoint ? <div>Sign-in page: {test.data.AuthorizationEndpoint}</div> : null}
                </>
              ) : undefined
            }
          />
        ) : null}
      </Card>
    </Flex>
  );
};
