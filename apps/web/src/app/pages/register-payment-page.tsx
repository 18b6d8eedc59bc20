import { Typography } from 'antd';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

export const RegisterPaymentPage = () => (
  <AnonymousCard title="Purchase Your Plan">
    <Typography.Paragraph>This page is not available yet.</Typography.Paragraph>
  </AnonymousCard>
);
