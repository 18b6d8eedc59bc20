import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { comments } from '../../schema/comments.ts';

// Comments and notes (rows of the activities table) carry versions too (DESIGN.md §13): only their
// author edits them, so a stale edit is the author's own other window; a moderator's delete checks it.

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t, { name: 'Versions' });
});
afterAll(async () => t.close());

describe('comment versions', () => {
  it('an edit from an older version answers 409 with the comment as it is now; delete needs the current version', async () => {
    const plan = await createPlan(t, tenant);
    const member = await tenant.tokenFor('member');
    const target = { EntityType: 'MarketingPlan', EntityId: plan.id };
    const written = (await t.post('/api/CommentsClient/Save', { ...target, Description: 'First words' }, member)).body.Result;
    expect(written.Version).toBe(1);
    const edited = await t.post('/api/CommentsClient/Save', { ...target, Id: written.Id, Version: 1, Description: 'Second words' }, member);
    expect(edited.body.Result.Version).toBe(2);

    const missing = await t.post('/api/CommentsClient/Save', { ...target, Id: written.Id, Description: 'No version' }, member);
    expect(missing.status).toBe(400);
    const stale = await t.post('/api/CommentsClient/Save', { ...target, Id: written.Id, Version: 1, Description: 'Other window' }, member);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^You \(in another window\) changed the comment “Second words” at .+ while you were editing\.$/);
    expect(stale.body.Result).toMatchObject({ Id: written.Id, Description: 'Second words', Version: 2 });

    const staleDelete = await t.post('/api/CommentClient/Delete', { CommentId: written.Id, Version: 1 }, await tenant.tokenFor('admin'));
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body.Message).toMatch(/^Member Versions changed the comment/);
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, written.Id));
    expect(row?.description).toBe('Second words');
    expect((await t.post('/api/CommentClient/Delete', { CommentId: written.Id, Version: 2 }, await tenant.tokenFor('admin'))).status).toBe(
      200,
    );
  });
});

describe('note versions', () => {
  it('an edit or delete from an older version answers 409 with the note as it is now, and writes nothing', async () => {
    const plan = await createPlan(t, tenant);
    const member = await tenant.tokenFor('member');
    const target = { EntityType: 'MarketingPlan', EntityId: plan.id };
    const note = (await t.post('/api/ActivityClient/Save', { ...target, Description: 'Kickoff done' }, member)).body.Result;
    expect(note.Version).toBe(1);
    const edited = await t.post('/api/ActivityClient/Save', { ...target, Id: note.Id, Version: 1, Description: 'Kickoff moved' }, member);
    expect(edited.body.Result.Version).toBe(2);

    const missing = await t.post('/api/ActivityClient/Delete', { ActivityId: note.Id }, member);
    expect(missing.status).toBe(400);
    const stale = await t.post(
      '/api/ActivityClient/Save',
      { ...target, Id: note.Id, Version: 1, Description: 'Kickoff cancelled' },
      member,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toBe(`You (in another window) changed the note on “${plan.name}” while you were editing.`);
    expect(stale.body.Result).toMatchObject({ Id: note.Id, Description: 'Kickoff moved', Version: 2 });
    expect(stale.body.Conflict).toMatchObject({ Entity: 'Activity', Id: note.Id, Version: 2 });
    expect((await t.post('/api/ActivityClient/Delete', { ActivityId: note.Id, Version: 1 }, member)).status).toBe(409);
    const [row] = await t.ctx.db.select().from(activities).where(eq(activities.id, note.Id));
    expect(row?.description).toBe('Kickoff moved');
    expect((await t.post('/api/ActivityClient/Delete', { ActivityId: note.Id, Version: 2 }, member)).status).toBe(200);
  });
});
