import type { Db } from '../../db/client.ts';
import type { StoredCustomFields } from '../../schema/custom-fields.ts';
import { validateCustomFields } from '../custom-fields/index.ts';

/**
 * A campaign's custom field values as a Save stores them (DESIGN.md §16): always through the custom
 * fields module's one check (type, option, Required: 400 naming the field). Missing: unchanged on
 * update, {} on create.
 */
export const storeCampaignCustomFields = (
  tx: Db,
  tenantId: string,
  incoming: Readonly<Record<string, unknown>> | undefined,
  existing: Readonly<Record<string, unknown>> | null,
): Promise<StoredCustomFields> => validateCustomFields(tx, tenantId, 'Campaign', incoming, existing);
