import { todayInZone } from '@plansmith/contract/today';
import { browserTimeZone } from '../format/dates.ts';
import { useTenant } from './identity.ts';

/**
 * Today (YYYY-MM-DD) as the server counts it (issue 28 A4): the day it is in the tenant's time zone,
 * the browser's until the tenant has loaded. Form defaults and date pickers take their "today"
 * here, so a date the form suggests is one the server accepts.
 */
export const useToday = (): string => {
  const tenant = useTenant();
  return todayInZone(tenant.data?.TimeZone ?? browserTimeZone(), new Date());
};
