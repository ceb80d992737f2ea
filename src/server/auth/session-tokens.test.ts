import { describe, expect, it } from 'vitest';
import { createSessionTokens } from './session-tokens';

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256';
const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('session tokens', () => {
  it('verify a token again without trusting it past its expiry', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const tokens = createSessionTokens(SECRET, () => now);
    const token = await tokens.sign(claims, new Date('2026-11-24T11:00:00Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    now = new Date('2026-11-24T11:00:01Z');
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuse a token signed with another secret or altered', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const tokens = createSessionTokens(SECRET, () => now);
    const other = createSessionTokens(`${SECRET}-other`, () => now);
    const token = await other.sign(claims, new Date('2026-11-24T11:00:00Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    const mine = await tokens.sign(claims, new Date('2026-11-24T11:00:00Z'));
    expect(await tokens.verify(mine)).toEqual(claims);
    expect(await tokens.verify(`${mine.slice(0, -2)}xx`)).toBeUndefined();
  });
});
