import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/idempotency';
import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a different valid key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true);
  });

  it('still makes UUIDs where randomUUID is missing (plain http on a LAN address)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const keys = Array.from({ length: 20 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(20);
  });
});
