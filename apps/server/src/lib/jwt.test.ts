import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createJwtService } from './jwt.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const claims = { userId: randomUUID(), tenantId: randomUUID(), tokenVersion: 3 };
const start = new Date('2026-05-01T12:00:00Z');
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('access tokens', () => {
  it('verifies its own token and answers the claims', async () => {
    const jwt = createJwtService(SECRET);
    const { token } = await jwt.sign(claims, start, 900);
    expect(await jwt.verify(token, after(1))).toMatchObject({ sub: claims.userId, tid: claims.tenantId, ver: 3 });
  });

  it('refuses a token once it expires, also one it verified before', async () => {
    const jwt = createJwtService(SECRET);
    const { token } = await jwt.sign(claims, start, 900);
    expect(await jwt.verify(token, after(899))).not.toBeNull();
    expect(await jwt.verify(token, after(900))).toBeNull();
    expect(await createJwtService(SECRET).verify(token, after(900))).toBeNull();
  });

  it('refuses a token signed with another secret or changed after signing', async () => {
    const jwt = createJwtService(SECRET);
    const { token } = await jwt.sign(claims, start, 900);
    const other = await createJwtService('another-secret-of-at-least-32-characters').sign(claims, start, 900);
    expect(await jwt.verify(other.token, after(1))).toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    forged.ver = 4;
    expect(await jwt.verify(`${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`, after(1))).toBeNull();
  });
});
