import { Typography } from 'antd';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

export const ForgotPasswordPage = () => (
  <AnonymousCard title="Forgot Password">
    <Typography.Paragraph>This page is not available yet.</Typography.Paragraph>
  </AnonymousCard>
);
