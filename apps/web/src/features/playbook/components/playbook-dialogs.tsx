// The playbook's drawer and dialogs, in one chunk that loads on first use rather than with the page.
export { CreatePlanModal } from './create-plan-modal.tsx';
export { NamePlayModal } from './name-play-modal.tsx';
export { PlayPreviewDrawer } from './play-preview-drawer.tsx';
