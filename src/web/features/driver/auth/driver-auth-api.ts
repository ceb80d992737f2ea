import { apiRequest } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session-storage';

/** The driver's sign-in calls (docs/decisions/0009-drivers.md), through the one API client. */
export const requestDriverCode = (phone: string) =>
  apiRequest<{ message: string }>('/driver/auth/code', { method: 'POST', body: { phone } });

export const driverLoginRequest = (phone: string, code: string) =>
  apiRequest<{ token: string; user: SessionUser }>('/driver/auth/login', {
    method: 'POST',
    body: { phone, code },
  });
