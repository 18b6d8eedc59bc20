import { Typography } from 'antd';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

export const InvitationPage = () => (
  <AnonymousCard title="Invitation">
    <Typography.Paragraph>This page is not available yet.</Typography.Paragraph>
  </AnonymousCard>
);
