import { REGISTERED_USER_KEY, type RegisteredUser, RegisteredUserSchema } from '@plansmith/contract';

/** The registered user of SPEC.md §3, kept in session storage under 'registered_user'. */
export const readRegisteredUser = (): RegisteredUser | null => {
  try {
    const parsed = RegisteredUserSchema.safeParse(JSON.parse(sessionStorage.getItem(REGISTERED_USER_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const saveRegisteredUser = (user: RegisteredUser): void => {
  sessionStorage.setItem(REGISTERED_USER_KEY, JSON.stringify(user));
};

/** The query's plan, matched without regard to case (SPEC.md §4). */
export const queryPlanOf = (user: Pick<RegisteredUser, 'MetaData'> | null): string | undefined =>
  user?.MetaData.plan?.trim().toLowerCase() || undefined;

/** Only the Starter plan skips payment (DESIGN.md §7.1; SPEC.md §4's check assigned instead of comparing). */
export const isStarterSignup = (user: Pick<RegisteredUser, 'MetaData'> | null): boolean => queryPlanOf(user) === 'starter';
