import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeActionError, describeAdminListError, type Translate } from './admin-errors';

/** Writes the key and its values, so the tests see which sentence was chosen with what. */
const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

describe('describeAdminListError', () => {
  it('says the session expired on 401 and 403', () => {
    for (const status of [401, 403]) {
      expect(describeAdminListError(new ApiError(status, 'Forbidden'), 'fallback', t)).toBe(
        'admin.errors.sessionExpired',
      );
    }
  });

  it('names the status and the server message', () => {
    expect(describeAdminListError(new ApiError(500, 'Database down'), 'fallback', t)).toBe(
      'admin.errors.server {"status":500,"message":"Database down"}',
    );
  });

  it('says Unknown error when the server sent no message', () => {
    expect(describeAdminListError(new ApiError(502, ''), 'fallback', t)).toBe(
      'admin.errors.server {"status":502,"message":"admin.errors.unknownError"}',
    );
  });

  it('tells a call that got no answer', () => {
    expect(describeAdminListError(new TypeError('Failed to fetch'), 'fallback', t)).toBe(
      'admin.errors.noResponse',
    );
  });

  it('tells a call that could not be made', () => {
    expect(describeAdminListError(new Error('Bad input'), 'fallback', t)).toBe(
      'admin.errors.request {"message":"Bad input"}',
    );
  });

  it("falls back to the list's own sentence", () => {
    expect(describeAdminListError('strange', 'Failed to load users', t)).toBe(
      'Failed to load users',
    );
    expect(describeAdminListError(new Error(''), 'Failed to load users', t)).toBe(
      'Failed to load users',
    );
  });
});

describe('describeActionError', () => {
  it("prefers the server's message", () => {
    expect(
      describeActionError(new ApiError(409, 'Truck 12-A-6 is already on a delivery'), 'Failed'),
    ).toBe('Truck 12-A-6 is already on a delivery');
  });

  it('uses the fallback otherwise', () => {
    expect(describeActionError(new TypeError('Failed to fetch'), 'Failed to confirm order')).toBe(
      'Failed to confirm order',
    );
    expect(describeActionError(new ApiError(500, ''), 'Failed to confirm order')).toBe(
      'Failed to confirm order',
    );
  });
});
