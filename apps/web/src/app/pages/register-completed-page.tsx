import { Typography } from 'antd';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

export const RegisterCompletedPage = () => (
  <AnonymousCard title="Order Complete">
    <Typography.Paragraph>This page is not available yet.</Typography.Paragraph>
  </AnonymousCard>
);
