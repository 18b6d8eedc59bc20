import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Who is writing (DESIGN.md §13): the live-change triggers of migration 0990 name the transaction's
 * `plansmith.actor` setting as the change's author (ByUserId). addRoute runs a signed-in request's
 * handler inside `runAsActor(userId, …)`; every transaction the app's `db` opens there sets it first
 * (set_config(…, true): for this transaction only, so a pooled connection does not keep it).
 */
const actors = new AsyncLocalStorage<string>();

export const runAsActor = <T>(userId: string, work: () => T): T => actors.run(userId, work);

/** The user the current request writes for, if any. */
export const currentActor = (): string | undefined => actors.getStore();

type Transaction = Db['transaction'];

/** `db` whose transactions name the current request's user to the database before their first statement. */
export const withActorTransactions = (db: Db): Db => {
  const transaction: Transaction = (work, config) =>
    db.transaction(async (tx) => {
      const actor = actors.getStore();
      if (actor) await tx.execute(sql`SELECT set_config('plansmith.actor', ${actor}, true)`);
      return work(tx);
    }, config);
  return new Proxy(db, {
    get: (target, property, receiver) => (property === 'transaction' ? transaction : Reflect.get(target, property, receiver)),
  });
};
