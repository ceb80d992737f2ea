import { currentLocale } from '../i18n/i18n';
import { clearStoredSession, readStoredSession, readStoredToken } from './session-storage';

export interface ApiErrorDetails {
  /**
   * The refusal's stable code ('auth.invalid_credentials'): what the web tests, never the text.
   * 'unknown' when the answer did not come from the API (a proxy's error page).
   */
  code?: string;
  errors?: Record<string, string>;
  /** Each field error's code, by field, as in `errors`. */
  errorCodes?: Record<string, string>;
}

/**
 * A failed call, carrying the server's `{ code, message, errors, errorCodes }` when it sent one.
 * `message` and `errors` are in the language the call asked for (Accept-Language), so they show as
 * they are; a screen that must tell refusals apart reads `code`.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly errors?: Record<string, string>;
  readonly errorCodes?: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.code = details.code ?? 'unknown';
    this.errors = details.errors;
    this.errorCodes = details.errorCodes;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, such as the Idempotency-Key of a driver's step. */
  headers?: Record<string, string>;
}

/**
 * A page of a list: the body the server sent and its X-Total-Count (docs/product.md, decision 11).
 * `capped` is X-Total-Capped: more items match than the server counted, `total` is its cap
 * (docs/architecture.md, "Lists at scale").
 */
export interface ApiPage<T> {
  body: T;
  total: number;
  capped: boolean;
}

/**
 * The single place that ends a session the server refused: the stored session is cleared (the
 * session provider hears of it) and the browser goes to the login page. The live event stream
 * calls it too, for a 401 on its own request.
 */
export function clearSessionAndGoToLogin(): void {
  // A driver signs in again by phone (docs/decisions/0009-drivers.md).
  const loginPath = readStoredSession()?.user.role === 'DRIVER' ? '/driver/login' : '/login';
  clearStoredSession();
  if (window.location.pathname !== loginPath) window.location.assign(loginPath);
}

async function fetchApi(path: string, request: ApiRequest, accept: string): Promise<Response> {
  // The server writes its messages (and its files' words) in the language the screens show.
  const headers: Record<string, string> = {
    ...request.headers,
    accept,
    'accept-language': currentLocale(),
  };
  const token = readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // A file upload (FormData) goes as multipart: the browser writes its content type and boundary.
  const isForm = request.body instanceof FormData;
  if (request.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  const response = await fetch(`/api${path}`, {
    method: request.method ?? 'GET',
    headers,
    body: isForm
      ? (request.body as FormData)
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body),
    signal: request.signal,
  });
  if (!response.ok) {
    if (response.status === 401 && token) clearSessionAndGoToLogin();
    const payload: unknown = await response.json().catch(() => undefined);
    const body = (payload ?? {}) as ApiErrorDetails & { message?: string };
    throw new ApiError(response.status, body.message ?? response.statusText, {
      code: body.code,
      errors: body.errors,
      errorCodes: body.errorCodes,
    });
  }
  return response;
}

async function send<T>(path: string, request: ApiRequest): Promise<{ body: T; headers: Headers }> {
  const response = await fetchApi(path, request, 'application/json');
  const payload: unknown = await response.json().catch(() => undefined);
  return { body: payload as T, headers: response.headers };
}

/** The one way the web app talks to the API: base URL, bearer token, JSON, 401 handling. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await send<T>(path, request)).body;
}

/** A list call: the body and the total number of matching items the server counted. */
export async function apiPage<T>(path: string, request: ApiRequest = {}): Promise<ApiPage<T>> {
  const { body, headers } = await send<T>(path, request);
  return {
    body,
    total: Number(headers.get('x-total-count') ?? 0),
    capped: headers.get('x-total-capped') === 'true',
  };
}

/** A file the server sends as an attachment (a CSV export), with the name it suggests. */
export interface ApiFile {
  blob: Blob;
  filename: string | undefined;
}

/**
 * Downloads a file through the same bearer token as every call, so the token never travels in
 * a URL (where logs and the browser history would keep it).
 */
export async function apiFile(path: string, request: ApiRequest = {}): Promise<ApiFile> {
  const response = await fetchApi(path, request, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), filename };
}

/**
 * Saves a file of the API (a list's CSV, labels asked for with a POST) on the user's disk under
 * the name the server suggests, or `fallbackName`.
 */
export async function saveApiFile(
  path: string,
  fallbackName: string,
  request: ApiRequest = {},
): Promise<void> {
  const { blob, filename } = await apiFile(path, request);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `?page=2&q=agadir`, leaving out empty values. */
export function toQueryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
