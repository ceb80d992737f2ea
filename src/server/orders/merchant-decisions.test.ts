import { describe, expect, it } from 'vitest';
import { merchantDecisionsOf } from './merchant-decisions';

describe('merchantDecisionsOf', () => {
  it('offers nothing before a failed attempt', () => {
    expect(merchantDecisionsOf({ status: 'IN_TRANSIT', failedAttempts: 0 }, 3, true)).toEqual({
      canReattempt: false,
      canReturn: false,
    });
  });

  it('offers both after a failed attempt with attempts left', () => {
    expect(merchantDecisionsOf({ status: 'IN_TRANSIT', failedAttempts: 1 }, 3, true)).toEqual({
      canReattempt: true,
      canReturn: true,
    });
  });

  it('offers only the return when no attempt is left', () => {
    expect(merchantDecisionsOf({ status: 'IN_TRANSIT', failedAttempts: 2 }, 2, true)).toEqual({
      canReattempt: false,
      canReturn: true,
    });
  });

  it('offers nothing once the parcel is returning, or to a role that may not cancel', () => {
    expect(merchantDecisionsOf({ status: 'RETURNING', failedAttempts: 1 }, 3, true)).toEqual({
      canReattempt: false,
      canReturn: false,
    });
    expect(merchantDecisionsOf({ status: 'IN_TRANSIT', failedAttempts: 1 }, 3, false)).toEqual({
      canReattempt: false,
      canReturn: false,
    });
  });
});
