import { clearStoredSession, readStoredToken } from './session-storage';

/** A failed call, carrying the server's `{ message, errors }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The single place that ends a session the server refused: the stored session is cleared (the
 * session provider hears of it) and the browser goes to the login page.
 */
function clearSessionAndGoToLogin(): void {
  clearStoredSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

/** The one way the web app talks to the API: base URL, bearer token, JSON, 401 handling. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(`/api${path}`, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && token) clearSessionAndGoToLogin();
    const body = (payload ?? {}) as { message?: string; errors?: Record<string, string> };
    throw new ApiError(response.status, body.message ?? response.statusText, body.errors);
  }
  return payload as T;
}
