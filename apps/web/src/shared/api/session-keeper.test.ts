import { describe, expect, it } from 'vitest';
import { decideSessionCheck } from './session-keeper.ts';
import { readSession, saveTokens, startSession } from './session.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const tokensExpiringIn = (ms: number) => ({
  // A JWT-shaped token whose payload carries the user id.
  AccessToken: `h.${btoa(JSON.stringify({ sub: 'user-1' }))}.s`,
  RefreshToken: 'refresh',
  Expiration: new Date(NOW + ms).toISOString(),
});

describe('the 60-second session check', () => {
  it('does nothing without a session', () => {
    expect(decideSessionCheck(NOW)).toBe('no-session');
  });

  it('leaves a token with more than 3 minutes left alone', () => {
    startSession(tokensExpiringIn(10 * 60_000));
    localStorage.setItem('user_session', JSON.stringify({ ...readSession(), LastInteractionTime: NOW }));
    expect(decideSessionCheck(NOW)).toBe('fresh');
  });

  it('refreshes when under 3 minutes remain', () => {
    startSession(tokensExpiringIn(2 * 60_000 + 59_000));
    localStorage.setItem('user_session', JSON.stringify({ ...readSession(), LastInteractionTime: NOW - 5 * 60_000 }));
    expect(decideSessionCheck(NOW)).toBe('refresh');
  });

  it('stops once more than 60 minutes have passed since the last interaction', () => {
    startSession(tokensExpiringIn(60_000));
    localStorage.setItem('user_session', JSON.stringify({ ...readSession(), LastInteractionTime: NOW - 60 * 60_000 - 1 }));
    expect(decideSessionCheck(NOW)).toBe('idle-stop');
  });
});

describe('the stored session', () => {
  it('keeps the fields of SPEC.md §3 and takes the user id from the token', () => {
    const session = startSession(tokensExpiringIn(15 * 60_000));
    expect(Object.keys(session).sort()).toEqual(
      ['AccessToken', 'AccessTokenExpiration', 'IsAuthenticated', 'LastInteractionTime', 'RefreshToken', 'UserId'].sort(),
    );
    expect(session.UserId).toBe('user-1');
    expect(session.IsAuthenticated).toBe(true);
  });

  it('clears the stored context team at sign-in but keeps it across a token refresh', () => {
    localStorage.setItem('context_team', 'team-1');
    startSession(tokensExpiringIn(15 * 60_000));
    expect(localStorage.getItem('context_team')).toBeNull();
    localStorage.setItem('context_team', 'team-2');
    saveTokens(tokensExpiringIn(15 * 60_000));
    expect(localStorage.getItem('context_team')).toBe('team-2');
  });
});
