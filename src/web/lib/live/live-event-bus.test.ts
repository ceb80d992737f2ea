import { describe, expect, it, vi } from 'vitest';
import { publishLiveEvent, subscribeToLiveEvents } from './live-event-bus';

describe('live event bus', () => {
  it('hands each event to the listeners of its name until they stop listening', () => {
    const positions = vi.fn();
    const others = vi.fn();
    const stop = subscribeToLiveEvents('position', positions);
    subscribeToLiveEvents('other', others);

    publishLiveEvent('position', '{"lat":33}');
    expect(positions).toHaveBeenCalledWith('{"lat":33}');
    expect(others).not.toHaveBeenCalled();

    stop();
    publishLiveEvent('position', '{"lat":34}');
    expect(positions).toHaveBeenCalledTimes(1);
  });
});
