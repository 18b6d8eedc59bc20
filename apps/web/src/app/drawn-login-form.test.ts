import { CLIENT_ID, identityRoutes, SSO_ERROR_PARAM as CONTRACT_SSO_ERROR_PARAM, SSO_LANDING_PATH } from '@plansmith/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withDrawnPageScript, withPrerenderedPage } from '../../build/prerender.ts';
import { createTenant, TEST_PASSWORD } from '../../../server/test/factories.ts';
import { readSession } from '../shared/api/session.ts';
import { CONTEXT_TEAM_KEY } from '../shared/api/session-keys.ts';
import { type RealApi, startRealApi } from '../test/real-api.ts';
import { enableDrawnLoginForm, LOGIN_PATH, SSO_ERROR_PARAM, WEB_CLIENT_ID } from './drawn-login-form.ts';
import { renderLoginPage } from './prerender-pages.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => {
  api.reset();
  // The web tests share one document (isolate: false): the drawn page must not stay in it, where a
  // later test's getByLabelText(/email/i) would find its e-mail field too.
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
afterAll(() => api.close());

const INDEX =
  '<!doctype html><html><head><title>Plansmith</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

/**
 * login.html as the build writes it (the page drawn by the same components, then made read-only
 * until a script enables it), in the test's document, with the drawn page's script enabled on it:
 * no React, no app code. Answers where the page asked to go.
 */
const openDrawnLoginPage = (search = ''): { went: string[] } => {
  const html = withDrawnPageScript(withPrerenderedPage(INDEX, renderLoginPage()), 'void 0');
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  // The inline script itself is not run here: enableDrawnLoginForm is what it runs.
  for (const script of document.body.querySelectorAll('script')) script.remove();
  window.history.replaceState(null, '', `/login${search}`);
  const went: string[] = [];
  enableDrawnLoginForm(document, (to) => went.push(to));
  return { went };
};

describe('the sign-in page drawn at build time, with its own script and none of the app', () => {
  it('sends the contract’s sign-in and keeps the session the app reads, then opens the returnTo page', async () => {
    const tenant = await createTenant(api.server);
    localStorage.setItem(CONTEXT_TEAM_KEY, 'someone-elses-team');
    const { went } = openDrawnLoginPage('?returnTo=%2Fbudget%3Fx%3D1');
    await userEvent.type(screen.getByLabelText('Email'), tenant.users.member.email);
    await userEvent.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(went).toEqual(['/budget?x=1']));
    expect(api.sent.map((request) => request.path)).toEqual([identityRoutes.login.path]);
    // The app's own reader (checked by the contract's schema) takes the stored session.
    const session = readSession();
    expect(session?.UserId).toBe(tenant.users.member.id);
    expect(session?.IsAuthenticated).toBe(true);
    // SPEC.md §4: signing in clears the stored context team.
    expect(localStorage.getItem(CONTEXT_TEAM_KEY)).toBeNull();
  });

  it('asks for both fields with the messages of SPEC.md §5 and sends nothing, then the message follows what is typed', async () => {
    openDrawnLoginPage();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter your email!')).toBeTruthy();
    expect(screen.getByText('Please enter your password!')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').classList.contains('ant-input-status-error')).toBe(true);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByText('Please enter a valid email address!')).toBeTruthy();
    expect(api.sent).toEqual([]);
  });

  it("shows the server's message for a wrong password, stays on the page and lets the person try again", async () => {
    const tenant = await createTenant(api.server);
    const { went } = openDrawnLoginPage();
    await userEvent.type(screen.getByLabelText('Email'), tenant.users.owner.email);
    await userEvent.type(screen.getByLabelText('Password'), 'not-the-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const notice = await screen.findByText('Login Failed');
    expect(notice.closest('.ant-alert-error')).toBeTruthy();
    expect(went).toEqual([]);
    expect(readSession()).toBeNull();
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the password with the eye, as antd’s Password does', async () => {
    openDrawnLoginPage();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).querySelector('.anticon-eye')).toBeTruthy();
  });

  it("names the contract's sign-in path and client id (written out to keep zod off the page)", () => {
    expect(LOGIN_PATH).toBe(identityRoutes.login.path);
    expect(WEB_CLIENT_ID).toBe(CLIENT_ID);
    expect(SSO_ERROR_PARAM).toBe(CONTRACT_SSO_ERROR_PARAM);
  });

  it('offers Sign in with SSO as a plain link to /login/sso, and shows why a single sign-on failed (sso_error)', () => {
    openDrawnLoginPage(`?${SSO_ERROR_PARAM}=${encodeURIComponent('Your account is not active.')}`);
    expect(screen.getByRole('link', { name: 'Sign in with SSO' }).getAttribute('href')).toBe(SSO_LANDING_PATH);
    expect(screen.getByRole('alert').textContent).toContain('Your account is not active.');
  });

  it('shows no notice when no single sign-on came back', () => {
    openDrawnLoginPage();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
