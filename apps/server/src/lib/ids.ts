import { randomUUID } from 'node:crypto';
import { isNewId } from '@plansmith/contract';

export const newId = (): string => randomUUID();

/** The id a Save will write: a fresh one for the empty id, otherwise the given one. */
export const idForSave = (id: string | undefined | null): { id: string; isNew: boolean } =>
  isNewId(id) ? { id: randomUUID(), isNew: true } : { id: id as string, isNew: false };
