import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeListError } from './list-error';

const fallback = 'Failed to load delivery data. Please try again later.';

describe('describeListError', () => {
  it("prefers the server's message where the screen shows it", () => {
    expect(describeListError(new ApiError(500, 'Database unavailable'), fallback, true)).toBe(
      'Database unavailable',
    );
  });

  it('falls back when the server sent no message or the call never reached it', () => {
    expect(describeListError(new ApiError(502, ''), fallback, true)).toBe(fallback);
    expect(describeListError(new TypeError('Failed to fetch'), fallback, true)).toBe(fallback);
  });

  it("keeps the screen's own sentence where the server's is not shown", () => {
    expect(describeListError(new ApiError(500, 'Database unavailable'), fallback, false)).toBe(
      fallback,
    );
  });
});
