import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';

/** One name field in a dialog: "Save current plan as a play" and "Rename play" both use it. */
export const NamePlayModal = ({
  open,
  title,
  okText,
  defaultName,
  intro,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  okText: string;
  defaultName: string;
  intro?: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<string>;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<{ Name: string }>();
  const { message } = App.useApp();
  useEffect(() => {
    if (open) form.setFieldsValue({ Name: defaultName });
  }, [open, defaultName, form]);
  const submit = async ({ Name }: { Name: string }) => {
    try {
      message.success(await onSubmit(Name));
      onClose();
    } catch (error) {
      message.error(errorMessage(error));
    }
  };
  return (
    <Modal open={open} title={title} okText={okText} onOk={() => form.submit()} confirmLoading={pending} onCancel={onClose} destroyOnHidden>
      {intro ? <p>{intro}</p> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="Name"
          label="Play name"
          rules={[{ required: true, whitespace: true, message: 'Please enter a name.' }, { max: 200 }]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
