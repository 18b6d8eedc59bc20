import { Card, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../../shared/ui/logo.tsx';

/** SPEC.md §2: anonymous screens share a layout with a logo and a footer. */
export const AnonymousLayout = () => (
  <Layout style={{ minHeight: '100vh', background: '#f3f5f9' }}>
    <Layout.Header style={{ background: 'transparent', display: 'flex', alignItems: 'center', height: 72 }}>
      <Logo />
    </Layout.Header>
    <Layout.Content style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '32px 16px' }}>
      <Outlet />
    </Layout.Content>
    <Layout.Footer style={{ textAlign: 'center', background: 'transparent' }}>
      <Typography.Text type="secondary">
        © {new Date().getFullYear()} Plansmith · Marketing plans and budgets ·{' '}
        <a href="mailto:support@plansmith.test">support@plansmith.test</a>
      </Typography.Text>
    </Layout.Footer>
  </Layout>
);

/** The card most anonymous screens sit in. */
export const AnonymousCard = ({ title, children, width = 440 }: { title: ReactNode; children: ReactNode; width?: number }) => (
  <Card style={{ width: '100%', maxWidth: width }} styles={{ body: { padding: 32 } }}>
    {/* The page's one h1 (screen readers jump to it), drawn at antd's h2 size. */}
    <Typography.Title level={1} style={{ marginTop: 0, fontSize: 30, lineHeight: '38px' }}>
      {title}
    </Typography.Title>
    {children}
  </Card>
);
