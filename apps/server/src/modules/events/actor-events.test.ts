// Every change a signed-in person makes names them on the live stream (DESIGN.md §13), also when the
// service writes it outside a transaction of its own.
import { EMPTY_ID, LOOKUP_TYPE_GL_CODE } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, listeningUrl, openEventStream } from '../../../test/event-stream.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { lookups } from '../../schema/lookups.ts';

let t: TestApp;
let baseUrl: string;
let tenant: TestTenant;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listeningUrl(t.app);
  tenant = await createTenant(t, { name: 'Actors' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

const adminStream = async () => {
  const ticket = await t.post('/api/EventsClient/Ticket', {}, await tenant.tokenFor('admin'));
  const stream = await openEventStream(baseUrl, ticket.body.Result.Ticket, {});
  open.push(stream);
  return stream;
};

describe('who a live change names', () => {
  it('names the owner who added a GL code (a write outside a transaction)', async () => {
    const stream = await adminStream();
    const saved = await t.post(
      '/api/LookupClient/Save',
      { Id: EMPTY_ID, Name: '6100 Media', SortOrder: 1, LookupType: LOOKUP_TYPE_GL_CODE },
      await tenant.tokenFor('owner'),
    );
    expect(saved.status, saved.text).toBe(200);
    const event = await stream.next((entry) => entry.data.Entity === 'Lookup' && entry.data.Id === saved.body.Result.Id, 2000);
    expect(event.data).toMatchObject({ Type: 'changed', ByUserId: tenant.users.owner.id, ByName: expect.stringContaining('Owner') });
    // The write's own answer is unchanged: the new entry, as returned by the statement.
    expect(saved.body.Result).toMatchObject({ Name: '6100 Media', Version: 1, Active: true });
  });

  it('leaves a write made outside any request unnamed (no one signed in wrote it)', async () => {
    const stream = await adminStream();
    const saved = await t.post(
      '/api/LookupClient/Save',
      { Id: EMPTY_ID, Name: '6200 Events', SortOrder: 2, LookupType: LOOKUP_TYPE_GL_CODE },
      await tenant.tokenFor('owner'),
    );
    await stream.next((entry) => entry.data.Id === saved.body.Result.Id, 2000);
    const [row] = await t.ctx.db
      .insert(lookups)
      .values({ tenantId: tenant.id, id: newId(), name: '6300 Print', sortOrder: 3, lookupType: LOOKUP_TYPE_GL_CODE, active: true })
      .returning();
    const event = await stream.next((entry) => entry.data.Id === row?.id, 2000);
    expect(event.data).toMatchObject({ Type: 'changed', Entity: 'Lookup', ByUserId: null, ByName: null });
  });
});
