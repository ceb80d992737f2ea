import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseChannels } from '../db/database-channels';
import type { Database } from '../db/open-database';
import {
  ORDER_EVENTS_CHANNEL,
  parseOrderEventNotice,
  type OrderAudience,
  type OrderEventNotice,
} from './order-event-notice';
import {
  DRIVER_POSITIONS_CHANNEL,
  parsePositionNotice,
  type OrderPosition,
  type PositionNotice,
} from './position-notice';
import { findLastEventSeq, listOrderEventsAfter } from '../orders/order-reads';

/** One open event stream of this instance, as the hub sees it. */
export interface EventStreamClient {
  /** Whether this stream may see what happens to this order. */
  accepts(order: OrderAudience): boolean;
  deliver(notice: OrderEventNotice): void;
  /** A truck's new position, once for each of its orders this stream accepts. */
  deliverPosition(position: OrderPosition): void;
  heartbeat(): void;
  close(): void;
}

/** Events a lost listening connection missed, caught up from the table when it is back. */
const CATCH_UP_LIMIT = 1_000;

/**
 * The fan-out of one instance (docs/architecture.md, "Live updates"): one LISTEN for the whole
 * process, every event handed to the streams allowed to see it, and one heartbeat timer for all.
 * Trucks' positions travel the same way on their own channel; they are not kept as events, so a
 * lost one is simply superseded by the next (docs/decisions/0009-drivers.md).
 */
export function createOrderEventHub({
  db,
  channels,
  log,
  heartbeatMs,
}: {
  db: Database;
  channels: DatabaseChannels;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}) {
  const clients = new Set<EventStreamClient>();
  let lastSeq = 0;
  let stopListening: (() => Promise<void>) | undefined;
  let stopListeningToPositions: (() => Promise<void>) | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  function dispatch(notice: OrderEventNotice) {
    lastSeq = Math.max(lastSeq, notice.seq);
    for (const client of clients) {
      if (client.accepts(notice)) client.deliver(notice);
    }
  }

  function onPayload(payload: string) {
    const notice = parseOrderEventNotice(payload);
    if (notice) dispatch(notice);
    else log.warn('unreadable order event notification ignored');
  }

  function dispatchPosition({ orders, lat, lng, at }: PositionNotice) {
    for (const order of orders) {
      for (const client of clients) {
        if (client.accepts(order)) client.deliverPosition({ order, lat, lng, at });
      }
    }
  }

  function onPositionPayload(payload: string) {
    const notice = parsePositionNotice(payload);
    if (notice) dispatchPosition(notice);
    else log.warn('unreadable position notification ignored');
  }

  async function catchUp() {
    try {
      const missed = await listOrderEventsAfter(db, lastSeq, { all: true }, CATCH_UP_LIMIT);
      for (const notice of missed) dispatch(notice);
    } catch (error) {
      log.error({ err: error }, 'order events missed while not listening could not be read');
    }
  }

  return {
    async start() {
      stopListening = await channels.listen(ORDER_EVENTS_CHANNEL, onPayload, () => {
        void catchUp();
      });
      stopListeningToPositions = await channels.listen(DRIVER_POSITIONS_CHANNEL, onPositionPayload);
      // Read after listening, so that no event falls between the two.
      lastSeq = Math.max(lastSeq, await findLastEventSeq(db));
      heartbeatTimer = setInterval(() => {
        for (const client of clients) client.heartbeat();
      }, heartbeatMs);
      heartbeatTimer.unref();
    },

    /** Adds a stream; answers the function that removes it. */
    add(client: EventStreamClient): () => void {
      clients.add(client);
      return () => {
        clients.delete(client);
      };
    },

    clientCount: () => clients.size,

    /** The newest event this instance knows of: where a new stream's Last-Event-ID starts. */
    lastSeq: () => lastSeq,

    /** Ends every stream (the server is shutting down) and stops listening. */
    async stop() {
      clearInterval(heartbeatTimer);
      for (const client of clients) client.close();
      clients.clear();
      await stopListening?.();
      await stopListeningToPositions?.();
    },
  };
}

export type OrderEventHub = ReturnType<typeof createOrderEventHub>;
