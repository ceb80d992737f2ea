import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_EVENT_NAME } from '#shared/order-lifecycle';
import { POSITION_EVENT_NAME } from '#shared/positions';
import type { Database } from '../db/open-database';
import type { OrderEventHub } from './order-event-hub';
import type { OrderAudience, OrderEventNotice } from './order-event-notice';
import type { OrderPosition } from './position-notice';
import { listOrderEventsAfter, type EventScope } from '../orders/order-reads';

/** A client this far behind is dropped rather than buffered without end; it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** At most this many missed events are replayed on reconnect; a client further behind reloads. */
const REPLAY_LIMIT = 500;
/** How long a client waits before reconnecting when the stream ends without an error. */
const RECONNECT_HINT_MS = 3_000;

export interface EventStreamOptions {
  db: Database;
  hub: OrderEventHub;
  scope: EventScope;
  accepts(order: OrderAudience): boolean;
  /** The JSON data line of one event, holding only what this stream may show. */
  toData(notice: OrderEventNotice): unknown;
  /** The same for a truck's new position; undefined when this stream may not see it. */
  toPositionData(position: OrderPosition): unknown;
  /**
   * Asked at each heartbeat of a signed-in stream: a session revoked since (logout, password
   * reset) ends the stream, as it would end any other call.
   */
  isStillAuthorized?(): Promise<boolean>;
  /**
   * The server ends the stream after this long (EVENTS_MAX_STREAM_LIFE_MS): the client
   * reconnects with Last-Event-ID and misses nothing, and no stream outlives a session check,
   * a deployment's connection draining or a place taken for good.
   */
  maxLifeMs: number;
  /** Called once when the stream is over, whoever ended it (its place is freed). */
  onClose(): void;
}

/** `Last-Event-ID` as a sequence number, or undefined when absent or not one. */
function readLastEventId(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Turns the reply into a Server-Sent Events stream of order events. Live events that arrive
 * while the missed ones are being replayed wait, and none is sent twice. Positions carry no
 * `id:` (they are not replayed), so a client's Last-Event-ID stays the last order event's.
 */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  response.write(`retry: ${RECONNECT_HINT_MS}\n\n`);

  let waiting: OrderEventNotice[] | undefined = [];
  const replayed = new Set<number>();
  let closed = false;

  const write = (text: string) => {
    if (closed) return;
    response.write(text);
    if (response.writableLength > MAX_BUFFERED_BYTES) close();
  };
  const send = (notice: OrderEventNotice) =>
    write(
      `event: ${ORDER_EVENT_NAME}\nid: ${notice.seq}\ndata: ${JSON.stringify(options.toData(notice))}\n\n`,
    );

  const removeFromHub = options.hub.add({
    accepts: options.accepts,
    deliver(notice) {
      if (waiting) waiting.push(notice);
      else send(notice);
    },
    deliverPosition(position) {
      const data = options.toPositionData(position);
      if (data === undefined) return;
      write(`event: ${POSITION_EVENT_NAME}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    heartbeat() {
      if (!options.isStillAuthorized) return write(': heartbeat\n\n');
      options.isStillAuthorized().then(
        (authorized) => (authorized ? write(': heartbeat\n\n') : close()),
        // The database did not answer: keep the stream; the next heartbeat asks again.
        () => write(': heartbeat\n\n'),
      );
    },
    close,
  });

  const lifeTimer = setTimeout(close, options.maxLifeMs);
  lifeTimer.unref();
  function close() {
    if (closed) return;
    closed = true;
    clearTimeout(lifeTimer);
    removeFromHub();
    response.end();
    options.onClose();
  }
  response.on('close', close);

  const lastEventId = readLastEventId(request);
  try {
    if (lastEventId === undefined) {
      // A first connection starts its Last-Event-ID here, so that a reconnect after a drop
      // replays what happened since, even when no event came before the drop.
      write(`id: ${options.hub.lastSeq()}\n\n`);
    } else {
      const missed = await listOrderEventsAfter(
        options.db,
        lastEventId,
        options.scope,
        REPLAY_LIMIT,
      );
      for (const notice of missed) {
        replayed.add(notice.seq);
        send(notice);
      }
    }
  } catch (error) {
    request.log.error({ err: error }, 'missed order events could not be replayed');
  }
  const held = waiting;
  waiting = undefined;
  for (const notice of held) if (!replayed.has(notice.seq)) send(notice);
}
