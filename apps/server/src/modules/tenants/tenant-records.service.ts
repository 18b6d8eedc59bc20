import type { Db } from '../../db/client.ts';
import * as repo from './tenants.repository.ts';

/*
 * What other modules may ask the tenants module (through index.ts): the tenant and a person's
 * profile as stored, and the tenant-wide write lock. Its queries stay private to this folder.
 */

/** The tenant's row, or null when there is none. */
export const findTenant = (db: Db, tenantId: string) => repo.findTenant(db, tenantId);

/** A person of the tenant, or null when the id is not one of its people. */
export const findUserProfile = (db: Db, tenantId: string, userId: string) => repo.findUserProfile(db, tenantId, userId);

/**
 * Serialises the writes that must see the tenant's counts unchanged until commit (quotas: seats,
 * teams, categories): the second writer waits on the tenant's row until the first one commits.
 */
export const lockTenant = (db: Db, tenantId: string): Promise<void> => repo.lockTenant(db, tenantId);
