import { describe, expect, it } from 'vitest';
import { clearSession, readSession, SHOWN_PLAN_KEY, startSession } from './session.ts';

const VALID = {
  AccessToken: `h.${btoa(JSON.stringify({ sub: 'user-1' }))}.s`,
  RefreshToken: 'refresh',
  AccessTokenExpiration: '2026-11-21T12:15:00.000Z',
  UserId: 'user-1',
  IsAuthenticated: true,
  LastInteractionTime: Date.parse('2026-11-21T12:00:00Z'),
};

describe('reading the stored session', () => {
  it('answers a session stored at sign-in', () => {
    const session = startSession({ AccessToken: VALID.AccessToken, RefreshToken: 'refresh', Expiration: VALID.AccessTokenExpiration });
    // Sign-in also records an interaction, so only the time of it may differ.
    expect(readSession()).toEqual({ ...session, LastInteractionTime: expect.any(Number) });
  });

  it.each([
    ['not JSON', '{"AccessToken":'],
    ['JSON that is not an object', '"a-token"'],
    ['without a refresh token', JSON.stringify({ ...VALID, RefreshToken: undefined })],
    ['with a number for the access token', JSON.stringify({ ...VALID, AccessToken: 42 })],
    ['with an empty access token', JSON.stringify({ ...VALID, AccessToken: '' })],
    ['not signed in', JSON.stringify({ ...VALID, IsAuthenticated: false })],
    ['with a made-up expiry', JSON.stringify({ ...VALID, AccessTokenExpiration: 'never' })],
    ['with a text interaction time', JSON.stringify({ ...VALID, LastInteractionTime: 'now' })],
  ])('discards a stored session %s and removes it', (_case, stored) => {
    localStorage.setItem('user_session', stored);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('user_session')).toBeNull();
  });
});

describe('the plan shown last', () => {
  it('is forgotten at sign-in and sign-out, so the next user’s first requests do not guess it', () => {
    localStorage.setItem(SHOWN_PLAN_KEY, 'plan-1');
    startSession({ AccessToken: VALID.AccessToken, RefreshToken: 'refresh', Expiration: VALID.AccessTokenExpiration });
    expect(localStorage.getItem(SHOWN_PLAN_KEY)).toBeNull();
    localStorage.setItem(SHOWN_PLAN_KEY, 'plan-1');
    clearSession();
    expect(localStorage.getItem(SHOWN_PLAN_KEY)).toBeNull();
  });
});
