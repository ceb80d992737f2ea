import { describe, expect, it } from 'vitest';
import { newerPosition, readPositionEvent } from './live-positions';

const at = (time: string) => ({ lat: 33, lng: -7, at: `2026-03-02T${time}:00.000Z` });

describe('newerPosition', () => {
  it('keeps whichever position was seen last', () => {
    expect(newerPosition(at('10:00'), at('10:01'))).toEqual(at('10:01'));
    expect(newerPosition(at('10:01'), at('10:00'))).toEqual(at('10:01'));
  });

  it('takes the one there is', () => {
    expect(newerPosition(null, at('10:00'))).toEqual(at('10:00'));
    expect(newerPosition(at('10:00'), undefined)).toEqual(at('10:00'));
    expect(newerPosition(null, null)).toBeNull();
  });
});

describe('readPositionEvent', () => {
  it('reads the data of a position event, from either stream', () => {
    const event = { trackingNumber: 'MA-7K3Q-9ZP2', ...at('10:00') };
    expect(readPositionEvent(JSON.stringify({ orderId: 'x', ...event }))).toMatchObject(event);
    expect(readPositionEvent(JSON.stringify(event))).toEqual(event);
  });

  it('ignores anything else', () => {
    expect(readPositionEvent('not json')).toBeUndefined();
    expect(
      readPositionEvent(JSON.stringify({ trackingNumber: 'MA', lat: 'x', lng: 1 })),
    ).toBeUndefined();
    expect(
      readPositionEvent(JSON.stringify({ ...at('10:00'), at: 'yesterday', trackingNumber: 'MA' })),
    ).toBeUndefined();
  });
});
