import { BILLING_MESSAGES, type BillingAddress, COUNTRIES, US_STATES } from '@plansmith/contract';
import { Col, Form, type FormInstance, Input, Row, Select } from 'antd';

/** The billing address (SPEC.md §3, §5 with DESIGN.md §7.2): US only, the 50 states by code. */
export const BillingAddressForm = ({
  form,
  initialValues,
}: {
  form: FormInstance<BillingAddress>;
  initialValues?: Partial<BillingAddress>;
}) => (
  <Form<BillingAddress> form={form} layout="vertical" requiredMark={false} initialValues={{ Country: 'US', ...initialValues }}>
    <Form.Item label="Address 1" name="AddressLine1" rules={[{ required: true, whitespace: true, message: BILLING_MESSAGES.address1 }]}>
      <Input autoComplete="address-line1" maxLength={200} />
    </Form.Item>
    <Form.Item label="Address 2 (optional)" name="AddressLine2">
      <Input autoComplete="address-line2" maxLength={200} />
    </Form.Item>
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item label="City" name="City" rules={[{ required: true, whitespace: true, message: BILLING_MESSAGES.city }]}>
          <Input autoComplete="address-level2" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          label="Postal Code"
          name="PostalCode"
          rules={[
            { required: true, whitespace: true, message: BILLING_MESSAGES.postalCode },
            { pattern: /^\d{5}(-\d{4})?$/, message: 'Please provide a 5-digit ZIP code.' },
          ]}
        >
          <Input autoComplete="postal-code" inputMode="numeric" maxLength={10} />
        </Form.Item>
      </Col>
    </Row>
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item label="Country" name="Country" rules={[{ required: true, message: BILLING_MESSAGES.country }]}>
          <Select options={COUNTRIES.map((country) => ({ value: country.code, label: country.name }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="State" name="State" rules={[{ required: true, message: BILLING_MESSAGES.state }]}>
          <Select
            showSearch
            placeholder="Select a state"
            optionFilterProp="label"
            options={US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }))}
          />
        </Form.Item>
      </Col>
    </Row>
  </Form>
);
