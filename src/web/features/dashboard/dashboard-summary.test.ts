import { describe, expect, it } from 'vitest';
import { MISSING_CANCELED_COUNT, summarizeStatusCounts } from './dashboard-summary';

describe('summarizeStatusCounts', () => {
  it('counts pending and in-transit orders as on the road', () => {
    expect(
      summarizeStatusCounts({
        PENDING: 3,
        CONFIRMED: 1,
        IN_TRANSIT: 2,
        DELIVERED: 4,
        CANCELLED: 1,
      }),
    ).toEqual({ onTheRoad: 5, delivered: 4, canceled: 1, returns: 0 });
  });

  it('shows a zero count as zero', () => {
    expect(
      summarizeStatusCounts({
        PENDING: 0,
        CONFIRMED: 0,
        IN_TRANSIT: 0,
        DELIVERED: 0,
        CANCELLED: 0,
      }),
    ).toEqual({ onTheRoad: 0, delivered: 0, canceled: 0, returns: 0 });
  });

  it('reads the CANCELED spelling too', () => {
    expect(summarizeStatusCounts({ CANCELED: 2 }).canceled).toBe(2);
    expect(summarizeStatusCounts({ CANCELED: 2, CANCELLED: 1 }).canceled).toBe(3);
  });

  it('defaults Canceled to 8 and the others to 0 when their counts are missing', () => {
    expect(summarizeStatusCounts({})).toEqual({
      onTheRoad: 0,
      delivered: 0,
      canceled: MISSING_CANCELED_COUNT,
      returns: 0,
    });
    expect(MISSING_CANCELED_COUNT).toBe(8);
  });

  it('counts parcels going back and back with their sender under Returns', () => {
    const summary = summarizeStatusCounts({ IN_TRANSIT: 1, RETURNING: 2, RETURNED: 3 });
    expect(summary.returns).toBe(5);
    expect(summary.onTheRoad).toBe(1);
  });
});
