// The reason rule of budget writes lives in shared/ (the import wizard uses it too).
export { type AskReason, asksForReason, REASON_CANCELLED_MESSAGE, sendWithReason } from '../../../shared/api/with-reason.ts';
