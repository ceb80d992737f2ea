/** A Server-Sent Events reader over fetch, as the web app reads /api/events, for the tests. */

export interface ReceivedEvent {
  event: string;
  id?: string;
  data: string;
  /** Date.now() when the event was read off the stream. */
  receivedAt: number;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Comment lines (`: heartbeat`), without the colon. */
  comments: string[];
  /** The last `id:` the stream sent, with or without an event: what Last-Event-ID sends back. */
  lastEventId(): string | undefined;
  /** Waits until an event matching `match` has arrived; answers it. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the stream is over: ended by the server, cut, or closed here. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let lastEventId: string | undefined;
  const waiters = new Set<() => void>();

  let ended = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: ReceivedEvent = { event: 'message', data: '', receivedAt: Date.now() };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) [isEvent, event.event] = [true, line.slice(7)];
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) [isEvent, event.data] = [true, line.slice(6)];
            }
            if (event.id !== undefined) lastEventId = event.id;
            if (isEvent) events.push(event);
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // Aborted by close(), or cut by the server: the stream is over either way.
      }
    })();
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    lastEventId: () => lastEventId,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching event within ${timeoutMs} ms (got ${events.length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => abort.abort(),
  };
}
