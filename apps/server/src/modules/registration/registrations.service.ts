import type { Db } from '../../db/client.ts';
import type { RegistrationRow } from '../../schema/registration.ts';
import * as repo from './registration.repository.ts';

/* What the payments module may ask the registration module through index.ts: a registration, and changing it. */

export const findRegistration = (db: Db, id: string): Promise<RegistrationRow | null> => repo.findRegistration(db, id);

export const updateRegistration = (db: Db, id: string, values: Parameters<typeof repo.updateRegistration>[2]): Promise<void> =>
  repo.updateRegistration(db, id, values);
