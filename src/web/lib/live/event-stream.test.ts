import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, SILENCE_TIMEOUT_MS, type StreamState } from './event-stream';

/** A response whose event-stream body the test writes to and closes. */
function streamResponse() {
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start: (controller) => {
        body = controller;
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
  return {
    response,
    write: (text: string) => body.enqueue(new TextEncoder().encode(text)),
    close: () => body.close(),
  };
}

const storage = new Map<string, string>();
const assign = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

/** What the test sees of one stream: the requests it made, its states and events. */
function open(path = '/events', authenticated = true) {
  const states: StreamState[] = [];
  const events: string[] = [];
  const onReopen = vi.fn();
  const stop = openEventStream({
    path,
    authenticated,
    eventName: 'order',
    onEvent: (data) => events.push(data),
    onStateChange: (state) => states.push(state),
    onReopen,
  });
  return { states, events, onReopen, stop };
}

const requestAt = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), headers: new Headers(init?.headers) };
};

/** Lets the stream's promises run, and `ms` of fake time pass. */
const elapse = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  storage.clear();
  storage.set('token', 'secret-token');
  fetchMock.mockReset();
  assign.mockReset();
  // The library and the session helpers use the browser's globals; node has none of them.
  vi.stubGlobal('window', {
    fetch: fetchMock,
    setTimeout: (handler: () => void, ms: number) => globalThis.setTimeout(handler, ms),
    clearTimeout: (id: number | undefined) => globalThis.clearTimeout(id),
    location: { pathname: '/dashboard', assign },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal('document', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openEventStream', () => {
  it('sends the token in a header, never in the URL, and delivers only the named events', async () => {
    const server = streamResponse();
    fetchMock.mockResolvedValueOnce(server.response);
    const stream = open();
    await elapse();

    const request = requestAt(0);
    expect(request.url).toBe('/api/events');
    expect(request.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(stream.states).toEqual(['live']);

    server.write(': heartbeat\n\n');
    server.write('event: order\nid: 7\ndata: {"status":"IN_TRANSIT"}\n\n');
    server.write('event: other\ndata: {}\n\n');
    await elapse();
    expect(stream.events).toEqual(['{"status":"IN_TRANSIT"}']);
    stream.stop();
  });

  it('sends no token to a public stream', async () => {
    fetchMock.mockResolvedValueOnce(streamResponse().response);
    const stream = open('/track/MA-1/events', false);
    await elapse();
    expect(requestAt(0).url).toBe('/api/track/MA-1/events');
    expect(requestAt(0).headers.has('authorization')).toBe(false);
    stream.stop();
  });

  it('reconnects after 1 s, 2 s, 4 s, then from 1 s again once open, with the last event id', async () => {
    const first = streamResponse();
    const second = streamResponse();
    fetchMock
      .mockResolvedValueOnce(first.response)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(second.response)
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const stream = open();
    await elapse();
    first.write('event: order\nid: 41\ndata: {}\n\n');
    first.close();
    await elapse();
    expect(stream.states).toEqual(['live', 'down']);

    await elapse(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await elapse(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await elapse(4_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(requestAt(3).headers.get('last-event-id')).toBe('41');
    expect(stream.states.at(-1)).toBe('live');
    expect(stream.onReopen).toHaveBeenCalledTimes(1);

    second.close();
    await elapse(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    stream.stop();
  });

  it('never waits more than 30 s between tries', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const stream = open();
    await elapse(1_000 + 2_000 + 4_000 + 8_000 + 16_000);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    await elapse(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    stream.stop();
  });

  it('ends the session on a 401 and stops', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"message":"Unauthorized"}', { status: 401 }));
    const stream = open();
    await elapse(60_000);
    expect(storage.has('token')).toBe(false);
    expect(assign).toHaveBeenCalledWith('/login');
    expect(stream.states).toEqual(['down']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops on an unknown public stream, without touching the session', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"message":"Not found"}', { status: 404 }));
    const stream = open('/track/NOPE/events', false);
    await elapse(60_000);
    expect(storage.get('token')).toBe('secret-token');
    expect(stream.states).toEqual(['down']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a server error', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(streamResponse().response);
    const stream = open();
    await elapse(1_000);
    expect(stream.states).toEqual(['down', 'live']);
    // It never opened before: nothing was missed that a refresh must catch up with.
    expect(stream.onReopen).not.toHaveBeenCalled();
    stream.stop();
  });

  it('opens again a stream silent for longer than the heartbeat allows', async () => {
    const quiet = streamResponse();
    fetchMock
      .mockResolvedValueOnce(quiet.response)
      .mockResolvedValueOnce(streamResponse().response);
    const stream = open();
    await elapse(SILENCE_TIMEOUT_MS - 1_000);
    quiet.write(': heartbeat\n\n');
    await elapse(SILENCE_TIMEOUT_MS - 1_000);
    expect(stream.states).toEqual(['live']);
    await elapse(1_000);
    expect(stream.states).toEqual(['live', 'down']);
    await elapse(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(stream.states).toEqual(['live', 'down', 'live']);
    stream.stop();
  });

  it('does not open without a stored token', async () => {
    storage.clear();
    const stream = open();
    await elapse(60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stream.states).toEqual(['down']);
  });

  it('makes no request once stopped', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const stream = open();
    await elapse();
    stream.stop();
    await elapse(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
