import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../users/accounts-service';
import { createSessionChecks, SESSION_CHECK_REUSE_MS } from './session-checks';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 24) + ms);
const found: SessionUser = {
  user: {
    id: 'u1',
    email: 'a@b.ma',
    role: 'USER',
    userType: 'INDIVIDUAL',
    organizationId: 'o1',
    orgRole: 'owner',
  },
  driverId: null,
  lastSeenAt: at(0),
  secondFactor: false,
};

describe('session checks', () => {
  it('recalls a standing session for a moment, for its own user only', () => {
    const checks = createSessionChecks();
    checks.remember(checks.beginCheck(), 's1', 'u1', found, at(0));
    expect(checks.recall('s1', 'u1', at(SESSION_CHECK_REUSE_MS - 1))).toBe(found);
    expect(checks.recall('s1', 'u1', at(SESSION_CHECK_REUSE_MS))).toBeUndefined();
    expect(checks.recall('s1', 'u2', at(1))).toBeUndefined();
    expect(checks.recall('s2', 'u1', at(1))).toBeUndefined();
    // A clock that went back is not trusted.
    expect(checks.recall('s1', 'u1', at(-1))).toBeUndefined();
  });

  it('forgets everything on a revocation, and a check begun before it is not remembered', () => {
    const checks = createSessionChecks();
    checks.remember(checks.beginCheck(), 's1', 'u1', found, at(0));
    const begun = checks.beginCheck();
    checks.forgetAll();
    expect(checks.recall('s1', 'u1', at(1))).toBeUndefined();
    checks.remember(begun, 's2', 'u1', found, at(1));
    expect(checks.recall('s2', 'u1', at(2))).toBeUndefined();
  });

  it('keeps the last request a touch moved, without making the check younger', () => {
    const checks = createSessionChecks();
    checks.remember(checks.beginCheck(), 's1', 'u1', found, at(0));
    checks.touch('s1', at(5));
    expect(checks.recall('s1', 'u1', at(6))?.lastSeenAt).toEqual(at(5));
    expect(checks.recall('s1', 'u1', at(SESSION_CHECK_REUSE_MS))).toBeUndefined();
  });
});
