import { Card, Col, Row } from 'antd';
import { useProfile } from '../../shared/api/identity.ts';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form.tsx';
import { MyProfileForm } from '../../features/settings/components/my-profile-form.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/query-state.tsx';

/** /settings/myprofile: name, e-mail, change password. */
export const MyProfilePage = () => {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="My Profile" subtitle="Your name as your teams see it, and your password." />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title="Profile">
            {profile.isPending ? (
              <LoadingState />
            ) : profile.isError ? (
              <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
            ) : (
              <MyProfileForm key={profile.data.Id} profile={profile.data} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Change password">
            <ChangePasswordForm />
          </Card>
        </Col>
      </Row>
    </>
  );
};
