import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './reconnect-delay';

describe('reconnectDelayMs', () => {
  it('starts at one second and doubles with each failure in a row', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('stays at thirty seconds however long the stream is down', () => {
    expect([6, 7, 50, 10_000].map(reconnectDelayMs)).toEqual([30_000, 30_000, 30_000, 30_000]);
  });
});
