import { EMPTY_ID, type Webhook, type WebhookEvent } from '@plansmith/contract';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { changedFields, staleWriteOf, useMergeDialog } from '../../../shared/ui/merge-dialog.tsx';
import { editsSince, mineOverTheirs } from '../../../shared/ui/mine-over-theirs.ts';
import { useKeepTheirWebhook, useSaveWebhook } from '../api/webhook-mutations.ts';
import { sortEvents, summariseEvents, WebhookEventsInput } from './webhook-events.tsx';
import { WebhookSecret } from './webhook-secret.tsx';

type Values = { Url: string; Description: string; Events: WebhookEvent[]; Active: boolean; RotateSecret: boolean };
type WebhookRequest = {
  Id: string;
  Url: string;
  Description: string | null;
  Events: WebhookEvent[];
  Active: boolean;
  RotateSecret?: boolean;
};

/** The hook's fields the form saves: "Save mine over theirs" keeps of mine only those changed since it was read. */
const WEBHOOK_FORM_FIELDS = ['Url', 'Description', 'Events', 'Active'] as const;
/** The same fields as the merge dialog compares them (DESIGN.md §13). */
const WEBHOOK_MERGE_FIELDS = [
  { key: 'Url', label: 'URL' },
  { key: 'Description', label: 'Description' },
  { key: 'Events', label: 'Events', format: (events: unknown) => summariseEvents(events as string[]) },
  { key: 'Active', label: 'Active', format: (active: unknown) => (active ? 'Active' : 'Paused') },
] as const satisfies ReadonlyArray<{ key: keyof Webhook; label: string; format?: (value: never) => string }>;

const URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/**
 * Adds a webhook (hook null) or edits one: URL, events, active, and on edit "rotate the signing
 * secret". A save that answers a Secret (a new hook, a rotation) turns the dialog into the secret,
 * shown this once. A colleague's change since the form was filled answers the merge dialog.
 */
export const WebhookFormDialog = ({ open, hook, onClose }: { open: boolean; hook: Webhook | null; onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const save = useSaveWebhook();
  const keepTheirs = useKeepTheirWebhook();
  const merge = useMergeDialog();
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  // The hook as the form was filled from it: a refetch while the dialog is open moves neither what is
  // typed nor the Version the save sends (as the team form does).
  const read = useRef<Webhook | null>(null);
  const hookId = hook?.Id ?? null;
  const hookNow = useRef(hook);
  hookNow.current = hook;
  useEffect(() => {
    if (!open) {
      read.current = null;
      return;
    }
    if (hookId && read.current?.Id === hookId) return;
    read.current = hookNow.current;
    const current = hookNow.current;
    form.setFieldsValue({
      Url: current?.Url ?? '',
      Description: current?.Description ?? '',
      Events: current ? sortEvents(current.Events) : [],
      Active: current?.Active ?? true,
      RotateSecret: false,
    });
    save.reset();
  }, [open, hookId, form, save.reset]);

  const close = () => {
    setSecret(null);
    save.reset();
    onClose();
  };

  /** Saves `request` as `body` from `version`; a 409 opens the merge dialog. */
  const send = async (request: WebhookRequest, version: number | undefined, body: WebhookRequest = request): Promise<void> => {
    try {
      const saved = await save.mutateAsync(version === undefined ? body : { ...body, Version: version });
      if (saved.Secret) setSecret({ value: saved.Secret, rotated: request.Id !== EMPTY_ID });
      else close();
    } catch (error) {
      const stale = staleWriteOf<Webhook>(error);
      if (!stale) return;
      save.reset();
      const mine: Webhook = { ...stale.current, ...editsSince(WEBHOOK_FORM_FIELDS, read.current, request) };
      const choice = await merge.ask(stale.message, changedFields(WEBHOOK_MERGE_FIELDS, stale.current, mine));
      if (choice === 'mine') return send(request, stale.version, mineOverTheirs(WEBHOOK_FORM_FIELDS, read.current, request, stale.current));
      keepTheirs(stale.current);
      close();
    }
  };

  const submit = (values: Values) =>
    send(
      {
        Id: hook?.Id ?? EMPTY_ID,
        Url: values.Url.trim(),
        Description: values.Description?.trim() || null,
        Events: sortEvents(values.Events),
        Active: values.Active,
        ...(hook && values.RotateSecret ? { RotateSecret: true } : {}),
      },
      hook ? (read.current?.Version ?? hook.Version) : undefined,
    );

  const title = secret ? 'Copy the signing secret' : hook ? 'Edit webhook' : 'Add a webhook';
  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      mask={{ closable: !secret }}
      destroyOnHidden
      width={640}
      footer={
        secret ? (
          <Button type="primary" onClick={close}>
            Done
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
              {hook ? 'Save webhook' : 'Add webhook'}
            </Button>
          </Flex>
        )
      }
    >
      {merge.dialog}
      {secret ? (
        <WebhookSecret secret={secret.value} rotated={secret.rotated} />
      ) : (
        <>
          {save.isError ? <Alert type="error" showIcon role="alert" title={errorMessage(save.error)} style={{ marginBottom: 16 }} /> : null}
          <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
            <Form.Item
              name="Url"
              label="Endpoint URL"
              extra="Plansmith POSTs each event here as JSON. Use https (http works only on a test server)."
              rules={[
                { required: true, whitespace: true, message: 'Enter the URL that receives the events.' },
                { pattern: URL_PATTERN, message: 'Enter a full URL, e.g. https://example.com/plansmith-events.' },
                { max: 2000, message: 'The URL can be at most 2000 characters.' },
              ]}
            >
              <Input placeholder="https://example.com/plansmith-events" inputMode="url" autoFocus />
            </Form.Item>
            <Form.Item
              name="Description"
              label="Description (optional)"
              rules={[{ max: 500, message: 'The description can be at most 500 characters.' }]}
            >
              <Input placeholder="e.g. Finance data warehouse" />
            </Form.Item>
            <Form.Item
              name="Events"
              label="Events"
              rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one event.' }]}
            >
              <WebhookEventsInput />
            </Form.Item>
            <Form.Item name="Active" label="Active" valuePropName="checked" extra="A paused hook keeps its settings and receives nothing.">
              <Switch />
            </Form.Item>
            {hook ? (
              <Form.Item
                name="RotateSecret"
                valuePropName="checked"
                extra="The old secret stops signing at once; the new one is shown once."
              >
                <Checkbox>Rotate the signing secret</Checkbox>
              </Form.Item>
            ) : null}
          </Form>
        </>
      )}
    </Modal>
  );
};
