// Built for Node by build/prerender.ts, never loaded by the browser: the antd components that the
// signed-in pages draw first, so that the build writes their CSS into a stylesheet instead of antd
// making it in the browser during the first draw (build/prerender.ts writeAntdStyles).
import {
  Alert,
  App,
  AutoComplete,
  Avatar,
  Breadcrumb,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  Popconfirm,
  Progress,
  Result,
  Row,
  Segmented,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';

const noop = () => undefined;

/**
 * What the signed-in shell and the pages draw on their first load, once each, with the variants
 * whose styles antd registers apart (the Input's search and compact forms, a Table's pagination, row selection (/expenses' checkboxes),
 * sorter and loading state, the status colours of a Tag, the date picker of /expenses' filters).
 * Components that appear only once a form or a dialog opens (radio buttons, switches, drawers…) are
 * left out to keep the stylesheet small: antd makes their CSS in the browser when they are drawn,
 * as it does for anything not drawn here. The end-to-end test "first paint" checks that /budget and
 * /expenses need nothing made in the browser.
 */
export const AntdStyleCatalogue = () => (
  <App>
    <Layout>
      <Layout.Sider>
        <Menu mode="inline" items={[{ key: 'a', label: 'A' }]} selectedKeys={['a']} />
      </Layout.Sider>
      <Layout.Header />
      <Layout.Content>
        <Breadcrumb items={[{ title: 'A' }, { title: 'B' }]} />
        <Typography.Title>Title</Typography.Title>
        <Typography.Text type="secondary">Text</Typography.Text>
        <Typography.Paragraph>Paragraph</Typography.Paragraph>
        <Typography.Link href="/">Link</Typography.Link>
        <Flex gap={8} wrap>
          <Button>Button</Button>
          <Button type="primary">Primary</Button>
          <Button type="link">Link</Button>
          <Button danger>Danger</Button>
          <Button type="text" size="small">
            Text
          </Button>
        </Flex>
        <Space>
          <Space.Compact>
            <Input />
            <Button>Go</Button>
          </Space.Compact>
        </Space>
        <Row gutter={16}>
          <Col span={12}>
            <Card title="Card" extra={<a href="/">More</a>}>
              <Card.Meta title="Meta" description="Description" />
            </Card>
          </Col>
        </Row>
        <Form layout="vertical" requiredMark="optional">
          <Form.Item label="Input" name="input" rules={[{ required: true }]} help="Help" validateStatus="error" extra="Extra">
            <Input placeholder="Input" allowClear />
          </Form.Item>
          <Form.Item label="Password" name="password">
            <Input.Password />
          </Form.Item>
          <Form.Item label="Search" name="search">
            <Input.Search allowClear />
          </Form.Item>
          <Form.Item label="Number" name="number">
            <InputNumber prefix="$" />
          </Form.Item>
          <Form.Item label="Select" name="select">
            <Select showSearch options={[{ value: 1, label: 'One' }]} open />
          </Form.Item>
          <Form.Item label="Tags" name="tags">
            <Select mode="multiple" options={[{ value: 1, label: 'One' }]} />
          </Form.Item>
          <Form.Item label="Date" name="date">
            <DatePicker />
          </Form.Item>
          <Form.Item label="Auto" name="auto">
            <AutoComplete options={[{ value: 'One' }]} />
          </Form.Item>
          <Form.Item label="Segmented" name="segmented">
            <Segmented options={['a', 'b']} />
          </Form.Item>
        </Form>
        <Table
          size="small"
          rowKey="key"
          columns={[
            { title: 'A', dataIndex: 'a', sorter: true, fixed: 'left' },
            { title: 'B', dataIndex: 'b', align: 'right' },
          ]}
          dataSource={[{ key: 1, a: 'a', b: 1 }]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
            </Table.Summary.Row>
          )}
          pagination={{ total: 100, showSizeChanger: true }}
          scroll={{ x: 800 }}
          rowSelection={{ selectedRowKeys: [1], onChange: noop }}
        />
        <Table columns={[{ title: 'A', dataIndex: 'a' }]} dataSource={[]} loading />
        <Tag color="blue">Tag</Tag>
        <Tag color="success">Tag</Tag>
        <Tag>Tag</Tag>
        <Alert type="info" message="Info" showIcon />
        <Alert type="error" message="Error" description="Description" action={<Button size="small">Retry</Button>} />
        <Result status="403" title="403" />
        <Result status="success" title="Done" />
        <Statistic title="Statistic" value={1} />
        <Progress percent={50} />
        <Progress type="circle" percent={50} size="small" />
        <List dataSource={['a']} renderItem={(item) => <List.Item>{item}</List.Item>} />
        <List itemLayout="horizontal" dataSource={['a']} renderItem={(item) => <List.Item.Meta title={item} />} />
        <Descriptions items={[{ key: 'a', label: 'A', children: 'a' }]} bordered size="small" />
        <Tabs items={[{ key: 'a', label: 'A', children: 'a' }]} />
        <Divider />
        <Avatar>A</Avatar>
        <Spin />
        <Empty />
        <Tooltip title="Tip" open>
          <span>Tip</span>
        </Tooltip>
        <Popconfirm title="Sure?" onConfirm={noop} open>
          <span>Confirm</span>
        </Popconfirm>
        <Dropdown menu={{ items: [{ key: 'a', label: 'A' }] }} open>
          <span>Menu</span>
        </Dropdown>
      </Layout.Content>
    </Layout>
    <Modal open title="Modal" getContainer={false}>
      Modal
    </Modal>
  </App>
);
