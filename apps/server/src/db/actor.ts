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

/** Builder methods that run or describe the statement rather than add to it. */
const TERMINALS = new Set<PropertyKey>(['then', 'catch', 'finally', 'execute', 'toSQL', 'getSQL', 'prepare']);
type Call = [property: PropertyKey, args: unknown[]];
type Chain = Record<PropertyKey, (...args: unknown[]) => unknown>;

/**
 * A statement built on the app's `db` outside a transaction, while a request's user writes: its
 * builder calls (`insert(t).values(…).returning()`) are recorded and, when it is awaited, replayed
 * on a transaction that names the user first. Without it such a write (a new lookup, a mail queued)
 * reached the live stream without its author (ByUserId null).
 */
const actorStatement = (db: Db, actor: string, calls: Call[]): unknown => {
  const build = (on: Db) => calls.reduce<unknown>((builder, [property, args]) => (builder as Chain)[property]?.(...args), on);
  const run = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('plansmith.actor', ${actor}, true)`);
      return await (build(tx) as Promise<unknown>);
    });
  return new Proxy(() => undefined, {
    get: (_target, property) => {
      if (property === 'then' || property === 'catch' || property === 'finally') {
        const settled = run();
        return (settled[property] as (...args: unknown[]) => unknown).bind(settled);
      }
      if (property === 'execute') return () => run();
      // Describing the statement needs no transaction.
      if (TERMINALS.has(property)) return (...args: unknown[]) => (build(db) as Chain)[property]?.(...args);
      return (...args: unknown[]) => actorStatement(db, actor, [...calls, [property, args]]);
    },
  });
};

/**
 * The `db` methods that start a statement which changes rows. Not `execute`: on the root `db` it
 * runs the hand-written reads (selectRows), which need no transaction; hand-written writes run on a
 * transaction's `tx`.
 */
const WRITES = new Set<PropertyKey>(['insert', 'update', 'delete']);

/**
 * `db` whose writes name the current request's user to the database before their first statement:
 * its transactions set the actor first, and a write started outside one runs in one that does.
 */
export const withActorTransactions = (db: Db): Db => {
  const transaction: Transaction = (work, config) =>
    db.transaction(async (tx) => {
      const actor = actors.getStore();
      if (actor) await tx.execute(sql`SELECT set_config('plansmith.actor', ${actor}, true)`);
      return work(tx);
    }, config);
  return new Proxy(db, {
    get: (target, property, receiver) => {
      if (property === 'transaction') return transaction;
      const actor = actors.getStore();
      if (actor && WRITES.has(property)) return (...args: unknown[]) => actorStatement(db, actor, [[property, args]]);
      return Reflect.get(target, property, receiver);
    },
  });
};
