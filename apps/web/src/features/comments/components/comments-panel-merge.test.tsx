import { type CommentTarget, commentRoutes, EMPTY_ID } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../../../../server/src/schema/comments.ts';
import { createTenant, type TestTenant } from '../../../../../server/test/factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { commentKeys } from '../api/comment-queries.ts';
import { CommentsPanel } from './comments-panel.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/**
 * The Planner's comment on a plan, open for editing in the comments panel; then the same Planner
 * edits it in another window (only its author edits a comment) from the same version.
 */
const editThenChangedInAnotherWindow = async (tenant: TestTenant) => {
  const plan = await createPlan(api.server, tenant);
  const target: CommentTarget = { EntityType: 'MarketingPlan', EntityId: plan.id };
  const session = await api.signIn(tenant.users.member.email);
  const read = await api.call(
    commentRoutes.saveComment,
    { Id: EMPTY_ID, ...target, Description: 'Trade fair budget looks high' },
    session.AccessToken,
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CommentsPanel target={target} />
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit' }, SLOW));
  const field = await editBox();
  await api.call(
    commentRoutes.saveComment,
    { Id: read.Id, Version: read.Version, ...target, Description: 'Trade fair budget is fine' },
    session.AccessToken,
  );
  return { read, target, user, field, queryClient };
};

/** The edit box once antd's Mentions has loaded (until then a read-only box holds its place). */
const editBox = () =>
  waitFor(() => {
    const box = screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(false);
    return box;
  }, SLOW);

const rowOf = async (id: string) => (await api.server.ctx.db.select().from(comments).where(eq(comments.id, id)))[0];

const typeAndSave = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.type(field, text);
  await user.click(screen.getByRole('button', { name: 'Save' }));
};

describe('saving a comment edited meanwhile in another window', () => {
  it(
    'shows their text beside mine; “Save mine over theirs” saves mine from their version',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Comment merge' });
      const { read, user, field } = await editThenChangedInAnotherWindow(tenant);
      await typeAndSave(user, field, 'Trade fair budget: cut by 10%');

      const dialog = await findMergeDialog();
      expect(within(dialog).getByText(/^You \(in another window\) changed .+ while you were editing\.$/)).toBeTruthy();
      expect(mergeRow(dialog, 'Comment')).toEqual({ theirs: 'Trade fair budget is fine', mine: 'Trade fair budget: cut by 10%' });
      expect(await rowOf(read.Id)).toMatchObject({ description: 'Trade fair budget is fine', version: 2 });

      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Trade fair budget: cut by 10%', { selector: '.ant-typography' }, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ description: 'Trade fair budget: cut by 10%', version: 3 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and shows their text; editing again starts from it',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Comment keep' });
      const { read, user, field } = await editThenChangedInAnotherWindow(tenant);
      await typeAndSave(user, field, 'Trade fair budget: cut by 10%');
      const dialog = await findMergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Trade fair budget is fine', { selector: '.ant-typography' }, SLOW);
      expect(await rowOf(read.Id)).toMatchObject({ description: 'Trade fair budget is fine', version: 2 });
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      expect((await editBox()).value).toBe('Trade fair budget is fine');
    },
    TEST_TIMEOUT,
  );

  it(
    'saves from the version it began editing even when the list refetches the newer comment meanwhile (a live change)',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Comment live' });
      const { read, target, user, field, queryClient } = await editThenChangedInAnotherWindow(tenant);
      await user.clear(field);
      await user.type(field, 'Trade fair budget: cut by 10%');
      await queryClient.invalidateQueries({ queryKey: commentKeys.list(target) });
      await waitFor(() => expect(api.sent.filter((request) => request.path === '/api/CommentsClient/Get')).toHaveLength(2));
      expect((screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement).value).toBe('Trade fair budget: cut by 10%');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await findMergeDialog();
      expect(await rowOf(read.Id)).toMatchObject({ description: 'Trade fair budget is fine', version: 2 });
    },
    TEST_TIMEOUT,
  );

  it(
    'starts an edit from the comment as it is now, not as it was first shown',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Comment reopen' });
      const { target, user, queryClient } = await editThenChangedInAnotherWindow(tenant);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await queryClient.invalidateQueries({ queryKey: commentKeys.list(target) });
      await screen.findByText('Trade fair budget is fine', { selector: '.ant-typography' }, SLOW);
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      expect((await editBox()).value).toBe('Trade fair budget is fine');
    },
    TEST_TIMEOUT,
  );
});
