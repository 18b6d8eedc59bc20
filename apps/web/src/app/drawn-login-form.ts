/**
 * The sign-in page the build draws (login.html, build/prerender.ts) works on its own: this script,
 * written into the page (~3 KB), checks the form, sends the sign-in, keeps the session as the app
 * does and then opens the app at the page asked for. The app's code (~190 KB compressed, ~650 KB to
 * evaluate) is neither loaded nor run on /login: after the page has loaded and the browser is idle
 * it is only fetched into the cache (prefetch, nothing evaluated), so the app opens at once after
 * the sign-in. Imports nothing that brings React, antd or zod: the session's format and the route's
 * path are the app's, checked by drawn-login-form.test.ts.
 */
import { type LoginErrors, type LoginValues, safeReturnTo, validateLogin } from '../features/identity/login-rules.ts';
import { NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../shared/api/api-error.ts';
import { CONTEXT_TEAM_KEY, SESSION_KEY, SHOWN_PLAN_KEY } from '../shared/api/session-keys.ts';

/** identityRoutes.login's path and CLIENT_ID, written out to stay free of the contract's zod (the test keeps them equal). */
export const LOGIN_PATH = '/api/identity/token/user';
export const WEB_CLIENT_ID = 'plansmith-web';
/** Contract's SSO_ERROR_PARAM: a failed single sign-on comes back to /login?sso_error=<message>. */
export const SSO_ERROR_PARAM = 'sso_error';

/** Parts the build draws beside the page, in a <template>: the error notice and the "shown" eye. */
export const DRAWN_PARTS_ID = 'login-parts';
/** The app's files the page fetches into the cache once idle (build/prerender.ts writes them on #root). */
export const APP_ASSETS_ATTRIBUTE = 'data-app-assets';

type Tokens = { AccessToken: string; RefreshToken: string; Expiration: string };

/** The user id in the access token (its `sub`), as shared/api/session.ts reads it. */
const userIdOf = (accessToken: string): string => {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
    return json.sub ?? '';
  } catch {
    return '';
  }
};

/** What shared/api/session.ts startSession keeps: the context team and shown plan cleared (SPEC.md §4). */
export const keepSession = (tokens: Tokens, storage: Storage = localStorage, now = Date.now()): void => {
  storage.removeItem(CONTEXT_TEAM_KEY);
  storage.removeItem(SHOWN_PLAN_KEY);
  storage.setItem(
    SESSION_KEY,
    JSON.stringify({
      AccessToken: tokens.AccessToken,
      RefreshToken: tokens.RefreshToken,
      AccessTokenExpiration: tokens.Expiration,
      UserId: userIdOf(tokens.AccessToken),
      IsAuthenticated: true,
      LastInteractionTime: now,
    }),
  );
};

const isTokens = (value: unknown): value is Tokens => {
  const tokens = value as Partial<Tokens> | null;
  return typeof tokens?.AccessToken === 'string' && typeof tokens.RefreshToken === 'string' && typeof tokens.Expiration === 'string';
};

/** Sends the sign-in; answers the tokens, or the message the app's client would show (shared/api/api-error.ts errorMessage). */
const signIn = async (values: LoginValues): Promise<Tokens | string> => {
  let response: Response;
  try {
    response = await fetch(LOGIN_PATH, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Username: values.email, Password: values.password, ClientId: WEB_CLIENT_ID }),
    });
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
  if (response.status === 503) return UNAVAILABLE_MESSAGE;
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isTokens(body)) return body;
  const message = (body as { Message?: unknown } | null)?.Message;
  return typeof message === 'string' && message ? message : `The request failed (${response.status}). Please try again.`;
};

/** Fetches the app's files into the cache, at low priority, without running them. */
const prefetchApp = (root: HTMLElement): void => {
  for (const href of (root.getAttribute(APP_ASSETS_ATTRIBUTE) ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As the app asks for its scripts (module scripts are CORS requests), so the cached copy is used.
    if (href.endsWith('.js')) link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
};

const FIELDS = { email: 'login-email', password: 'login-password' } as const;

/**
 * Makes the drawn form work: the fields editable, the button a submit button, the checks, the
 * messages and the sign-in of the form the app draws (features/identity/components/login-form.tsx).
 */
export const enableDrawnLoginForm = (page: Document, navigate: (to: string) => void): void => {
  const root = page.getElementById('root');
  const form = root?.querySelector('form');
  const button = form?.querySelector<HTMLButtonElement>('button[data-submits]');
  const inputs = { email: page.getElementById(FIELDS.email), password: page.getElementById(FIELDS.password) };
  if (!root || !form || !button || !(inputs.email instanceof HTMLInputElement) || !(inputs.password instanceof HTMLInputElement)) return;
  const fields = { email: inputs.email, password: inputs.password };
  const parts = page.getElementById(DRAWN_PARTS_ID);
  const template = parts instanceof HTMLTemplateElement ? parts.content : null;

  for (const input of Object.values(fields)) input.removeAttribute('readonly');
  button.type = 'submit';
  button.removeAttribute('data-submits');
  root.removeAttribute('data-prerendered');

  // The field's status as antd draws it: the message under it and the red border.
  const showFieldError = (name: keyof LoginValues, message: string | undefined) => {
    const input = fields[name];
    const field = page.querySelector(`label[for="${FIELDS[name]}"]`)?.parentElement;
    const messageId = `${FIELDS[name]}-error`;
    page.getElementById(messageId)?.remove();
    const box = name === 'password' ? input.closest('.ant-input-affix-wrapper') : input;
    box?.classList.toggle(name === 'password' ? 'ant-input-affix-wrapper-status-error' : 'ant-input-status-error', Boolean(message));
    input.setAttribute('aria-invalid', String(Boolean(message)));
    if (!field) return;
    field.style.marginBottom = message ? '0' : '24px';
    if (!message) {
      input.removeAttribute('aria-describedby');
      return;
    }
    const text = page.createElement('div');
    text.id = messageId;
    text.setAttribute('role', 'alert');
    text.style.cssText = 'color: #cf1322; min-height: 24px; line-height: 24px;';
    text.textContent = message;
    field.append(text);
    input.setAttribute('aria-describedby', messageId);
  };
  const showErrors = (errors: LoginErrors) => {
    showFieldError('email', errors.email);
    showFieldError('password', errors.password);
  };
  const showNotice = (message: string | null) => {
    form.querySelector('[data-login-error]')?.remove();
    const notice = template?.querySelector('.ant-alert')?.cloneNode(true);
    if (!message || !(notice instanceof HTMLElement)) return;
    notice.setAttribute('data-login-error', '');
    const text = notice.querySelector('[data-message]');
    if (text) text.textContent = message;
    form.prepend(notice);
  };
  const setPending = (pending: boolean) => {
    for (const input of Object.values(fields)) input.disabled = pending;
    button.disabled = pending;
    const label = button.querySelector('span:last-child') ?? button;
    label.textContent = pending ? 'Signing In...' : 'Sign In';
  };

  showNotice(new URLSearchParams(page.location?.search ?? '').get(SSO_ERROR_PARAM));

  const valuesOf = (): LoginValues => ({ email: fields.email.value, password: fields.password.value });
  let submitted = false;
  form.addEventListener('input', () => {
    // Like the app's form: once a field has been checked, its message follows what is typed.
    if (submitted) showErrors(validateLogin(valuesOf()));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const values = valuesOf();
    const errors = validateLogin(values);
    submitted = true;
    showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    void signIn(values).then((answer) => {
      if (typeof answer !== 'string') {
        keepSession(answer);
        navigate(safeReturnTo(new URLSearchParams(page.location?.search ?? '').get('returnTo')));
        return;
      }
      setPending(false);
      showNotice(answer);
    });
  });

  // The password's eye: shows or hides what was typed, as antd's Password does.
  const eye = form.querySelector<HTMLElement>('.ant-input-password-icon');
  const shownIcon = template?.querySelector('.anticon-eye');
  const hiddenIcon = eye?.querySelector('.anticon');
  if (eye && shownIcon && hiddenIcon) {
    const toggle = () => {
      const visible = fields.password.type === 'password';
      fields.password.type = visible ? 'text' : 'password';
      eye.setAttribute('aria-pressed', String(visible));
      eye.setAttribute('aria-label', visible ? 'Hide' : 'Show');
      eye.replaceChildren((visible ? shownIcon : hiddenIcon).cloneNode(true));
    };
    eye.addEventListener('mousedown', (event) => event.preventDefault());
    eye.addEventListener('click', toggle);
    eye.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      if (!event.repeat) toggle();
    });
  }

  const whenIdle = (then: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(then, { timeout: 5_000 }) : setTimeout(then, 1_000);
  if (page.readyState === 'complete') whenIdle(() => prefetchApp(root));
  else window.addEventListener('load', () => whenIdle(() => prefetchApp(root)), { once: true });
};
