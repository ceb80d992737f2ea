import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { clearSessionAndGoToLogin } from '../api-client';
import { readStoredToken } from '../session-storage';
import { currentLocale } from '../../i18n/i18n';
import { reconnectDelayMs } from './reconnect-delay';

/** connecting: not open yet; live: open; down: failed, waiting to try again (or refused). */
export type StreamState = 'connecting' | 'live' | 'down';

/**
 * The server writes a heartbeat comment every 20 s. A stream silent for longer is dead even when
 * the connection looks open (a laptop woke from sleep, a proxy dropped it quietly), so it is
 * opened again rather than showing "Live" over a stream that will never deliver.
 */
export const SILENCE_TIMEOUT_MS = 45_000;

export interface EventStreamOptions {
  /** Under /api, e.g. `/events`. */
  path: string;
  /** Sends the stored bearer token in a header, never in the URL; a 401 ends the session. */
  authenticated: boolean;
  /** The `event:` name delivered to onEvent; the heartbeats are ignored. */
  eventName: string;
  onEvent(data: string): void;
  /** Every other named event (a truck's `position`), for whoever listens to it. */
  onOtherEvent?(name: string, data: string): void;
  onStateChange(state: StreamState): void;
  /**
   * The stream is open again after being down. The server replays what happened since the last
   * event id, but a stream that failed before its first event has no id to send.
   */
  onReopen(): void;
}

/** A refusal that asking again will not change (no session, 401, an unknown shipment). */
class StreamRefused extends Error {}

/** Like the query client's retry rule: a 4xx is an answer, a 5xx or a lost network is not. */
const isRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * fetch for one attempt: reads the token at each try (it may have changed since the last one) and
 * aborts the attempt when its body stays silent for SILENCE_TIMEOUT_MS, which the stream then
 * treats as any other failure.
 */
function createAttemptFetch(authenticated: boolean): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    // As every API call: a refusal's message comes in the language shown.
    headers.set('accept-language', currentLocale());
    if (authenticated) {
      const token = readStoredToken();
      if (!token) throw new StreamRefused('Signed out');
      headers.set('authorization', `Bearer ${token}`);
    }
    const attempt = new AbortController();
    let silenceTimer: number | undefined;
    init?.signal?.addEventListener('abort', () => {
      window.clearTimeout(silenceTimer);
      attempt.abort();
    });
    const restartSilenceTimer = (stream: TransformStreamDefaultController<Uint8Array>) => {
      window.clearTimeout(silenceTimer);
      silenceTimer = window.setTimeout(() => {
        stream.error(new Error('The event stream went silent'));
        attempt.abort();
      }, SILENCE_TIMEOUT_MS);
    };

    const response = await window.fetch(input, { ...init, headers, signal: attempt.signal });
    if (!response.ok || !response.body) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start: restartSilenceTimer,
        transform(chunk, stream) {
          restartSilenceTimer(stream);
          stream.enqueue(chunk);
        },
        flush: () => window.clearTimeout(silenceTimer),
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * Opens a Server-Sent Events stream through fetch (EventSource cannot send a header) and keeps it
 * open: after a failure or a close by the server it tries again after 1 s, doubling up to 30 s,
 * back to 1 s once open. It stays open in a hidden tab, so a tab in the background is up to date
 * when the user returns. Returns the function that closes it for good.
 */
export function openEventStream(options: EventStreamOptions): () => void {
  const controller = new AbortController();
  let failures = 0;
  let hasOpened = false;

  fetchEventSource(`/api${options.path}`, {
    signal: controller.signal,
    openWhenHidden: true,
    fetch: createAttemptFetch(options.authenticated),
    async onopen(response) {
      if (isRefusal(response.status)) {
        if (response.status === 401 && options.authenticated) clearSessionAndGoToLogin();
        throw new StreamRefused(`The event stream answered ${response.status}`);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith(EventStreamContentType)) {
        throw new Error(`The event stream answered ${response.status} ${type}`);
      }
      failures = 0;
      if (hasOpened) options.onReopen();
      hasOpened = true;
      options.onStateChange('live');
    },
    onmessage(message) {
      if (message.event === options.eventName) options.onEvent(message.data);
      else if (message.event) options.onOtherEvent?.(message.event, message.data);
    },
    onclose() {
      // The library would stop here; a server that restarts closes its streams, so try again.
      throw new Error('The server closed the event stream');
    },
    onerror(error: unknown) {
      if (error instanceof StreamRefused) throw error;
      failures += 1;
      options.onStateChange('down');
      return reconnectDelayMs(failures);
    },
  }).catch(() => options.onStateChange('down'));

  return () => controller.abort();
}
