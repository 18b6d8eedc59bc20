import { App, Button, Flex, Modal, Steps, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { usePermissions, useProfile, useTenant } from '../../../shared/api/identity.ts';
import { useCompleteAccountSetup, useCompleteUserTour } from '../api/onboarding-mutations.ts';
import { onboardingNeeded } from '../onboarding-needed.ts';
import { accountSetupSteps, newUserTourSteps } from '../onboarding-steps.tsx';

type Mode = 'setup' | 'tour';

/**
 * SPEC.md §2/§4 onboarding overlay: the new-account setup when the tenant has not completed it
 * (shown only to people holding Account.Settings), otherwise the new-user tour when the user has
 * not completed it. Previous, Next, Finish and Close; finishing or closing records completion.
 * Whoever finishes the account setup has seen the product too, so it also completes their tour.
 */
export const OnboardingOverlay = () => {
  const profile = useProfile();
  const tenant = useTenant();
  const permissions = usePermissions();
  const completeTour = useCompleteUserTour();
  const completeSetup = useCompleteAccountSetup();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [dismissed, setDismissed] = useState<Mode[]>([]);

  if (!profile.data || !tenant.data || !permissions.data) return null;
  const { setup: needsSetup, tour: needsTour } = onboardingNeeded(profile.data, tenant.data, permissions.data);
  const mode: Mode | null = needsSetup && !dismissed.includes('setup') ? 'setup' : needsTour && !dismissed.includes('tour') ? 'tour' : null;
  if (!mode) return null;

  const steps = mode === 'setup' ? accountSetupSteps(tenant.data.Name) : newUserTourSteps(profile.data.FirstName);
  const current = steps[Math.min(step, steps.length - 1)];
  const isLast = step >= steps.length - 1;
  /** Finishing and closing both record completion; the overlay goes away at once either way. */
  const finish = () => {
    const profileData = profile.data;
    const tenantData = tenant.data;
    const onError = (error: unknown) => void message.error(`Your onboarding progress could not be saved: ${errorMessage(error)}`);
    setStep(0);
    if (mode === 'setup') {
      setDismissed(['setup', 'tour']);
      completeSetup.mutate(tenantData, { onError });
      if (needsTour) completeTour.mutate(profileData, { onError });
    } else {
      setDismissed((previous) => [...previous, 'tour']);
      completeTour.mutate(profileData, { onError });
    }
  };

  return (
    <Modal
      open
      title={mode === 'setup' ? 'Set up your account' : 'Welcome to Plansmith'}
      onCancel={finish}
      closable={{ 'aria-label': 'Close' }}
      maskClosable={false}
      width={640}
      footer={
        <Flex justify="space-between">
          <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            Previous
          </Button>
          {isLast ? (
            <Button type="primary" onClick={finish}>
              Finish
            </Button>
          ) : (
            <Button type="primary" onClick={() => setStep((s) => s + 1)}>
              Next
            </Button>
          )}
        </Flex>
      }
    >
      <Steps
        size="small"
        titlePlacement="vertical"
        progressDot
        current={step}
        items={steps.map((s) => ({ title: s.title }))}
        style={{ margin: '8px 0 24px' }}
      />
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {current?.title}
      </Typography.Title>
      {current?.content}
    </Modal>
  );
};
