import { useNavigate, useSearchParams } from 'react-router';
import { InvitationForm } from '../../features/invitations/components/invitation-form.tsx';
import { AnonymousCard } from '../layouts/anonymous-layout.tsx';

/** /invitation?key=… — completing it signs the person in and opens the app. */
export const InvitationPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <AnonymousCard title="Accept Your Invitation">
      <InvitationForm invitationKey={params.get('key')} onJoined={() => navigate('/', { replace: true })} />
    </AnonymousCard>
  );
};
