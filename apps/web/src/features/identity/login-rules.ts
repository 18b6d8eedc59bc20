// The sign-in form's rules, in a module of their own without React or antd: the form the app draws
// (components/login-form.tsx) and the script of the sign-in page the build draws
// (app/drawn-login-form.ts) check the same way and follow the same returnTo.

export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// The same test antd's `type: 'email'` rule makes: something@something.something, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC.md §5's messages. */
export const validateLogin = ({ email, password }: LoginValues): LoginErrors => {
  const errors: LoginErrors = {};
  if (!email) errors.email = 'Please enter your email!';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'Please enter a valid email address!';
  if (!password) errors.password = 'Please enter your password!';
  return errors;
};

/** Only same-site paths are followed after sign-in. */
export const safeReturnTo = (value: string | null): string => (value?.startsWith('/') && !value.startsWith('//') ? value : '/');
