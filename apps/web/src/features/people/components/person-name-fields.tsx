import { Form, Input } from 'antd';

/** First and last name of a person an admin invites or edits (form fields `firstName`, `lastName`). */
export const PersonNameFields = () => (
  <>
    <Form.Item
      label="First name"
      name="firstName"
      rules={[{ required: true, whitespace: true, message: 'Please enter a first name!' }, { max: 100 }]}
    >
      <Input autoFocus />
    </Form.Item>
    <Form.Item
      label="Last name"
      name="lastName"
      rules={[{ required: true, whitespace: true, message: 'Please enter a last name!' }, { max: 100 }]}
    >
      <Input />
    </Form.Item>
  </>
);
