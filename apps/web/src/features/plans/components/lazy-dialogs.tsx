import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';

/** The plan form and the share dialog load on first open, for the plans list and the plan page alike. */
export const LazyPlanFormModal = lazyModal(
  async () => (await import('./plan-form-modal.tsx')).PlanFormModal,
  (props) => props.open,
);

export const LazySharePlanModal = lazyModal(
  async () => (await import('./share-plan-modal.tsx')).SharePlanModal,
  (props) => props.plan !== null,
);
