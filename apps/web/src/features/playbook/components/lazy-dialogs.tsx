import { lazy } from 'react';

const dialogs = () => import('./playbook-dialogs.tsx');

/** The drawer and dialogs load on first open (DatePicker, Drawer and Form stay out of the page's first load). */
export const LazyCreatePlanModal = lazy(async () => ({ default: (await dialogs()).CreatePlanModal }));
export const LazyNamePlayModal = lazy(async () => ({ default: (await dialogs()).NamePlayModal }));
export const LazyPlayPreviewDrawer = lazy(async () => ({ default: (await dialogs()).PlayPreviewDrawer }));
