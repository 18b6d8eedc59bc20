import { Typography } from 'antd';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

export const RegisterEmailVerifyPage = () => (
  <AnonymousCard title="Set Your Password">
    <Typography.Paragraph>This page is not available yet.</Typography.Paragraph>
  </AnonymousCard>
);
