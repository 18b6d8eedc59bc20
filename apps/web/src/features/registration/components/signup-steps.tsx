import { Breadcrumb, Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The header of each sign-up step: breadcrumbs, "Step n of 4" and the step's title. */
export const SignupStep = ({ step, title, children }: { step: 1 | 2 | 3 | 4; title: string; children?: ReactNode }) => (
  <header style={{ marginBottom: 24 }}>
    <Breadcrumb
      style={{ marginBottom: 12 }}
      items={[{ title: <Link to="/">Home</Link> }, { title: <Link to="/register">Pricing</Link> }, { title: 'Get Started' }]}
    />
    <Typography.Text type="secondary" strong>
      Step {step} of 4
    </Typography.Text>
    {/* The page's one h1 (screen readers jump to it), drawn at antd's h2 size. */}
    <Typography.Title level={1} style={{ margin: '4px 0 0', fontSize: 30, lineHeight: '38px' }}>
      {title}
    </Typography.Title>
    {children}
  </header>
);

export const SUPPORT_EMAIL = 'support@plansmith.test';

/** The card the sign-up steps sit in (the step header carries the title). */
export const SignupCard = ({ children, width = 520 }: { children: ReactNode; width?: number }) => (
  <Card style={{ width: '100%', maxWidth: width }} styles={{ body: { padding: 32 } }}>
    {children}
  </Card>
);
