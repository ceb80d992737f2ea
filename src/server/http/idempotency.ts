import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '#shared/idempotency';
import type { Database } from '../db/open-database';
import { badRequest, conflict, refusedWith } from './errors';
import {
  deleteKeysCreatedBefore,
  deleteUnansweredKey,
  findKey,
  reserveKey,
  storeAnswer,
} from './idempotency-queries';

/**
 * Idempotent writes (docs/decisions/0009-drivers.md, "Offline tolerance"): the driver's phone
 * resends a step it is not sure reached us with the same `Idempotency-Key`; the first answer is
 * kept for 24 h and every replay gets it back without the step being applied again.
 *
 * A route opts in with `app.idempotent` as its preHandler, its auth guard on request:
 * `onRequest: app.requireRole('DRIVER'), preHandler: app.idempotent`. Without the header the route
 * behaves as if it had not opted in.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** After an auth guard: reserves the request's Idempotency-Key or answers a replay. */
    idempotent: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set once this request holds the key: its answer is stored when it is sent. */
    idempotencyReservation?: Reservation;
  }
}

interface Reservation {
  userId: string;
  key: string;
  settled: boolean;
}

/** How long an answer is kept for replays. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A reservation with no answer after this long belongs to a process that died between applying
 * the step and storing the answer: the key is free again. A retry then meets the step's own rule
 * (an order already picked up is a 409), never a second application.
 */
export const ABANDONED_RESERVATION_MS = 60 * 1000;
/** Old answers are purged by each instance at most this often, on a request that reserves. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A preHandler for routes where a repeat would do harm (recording cash handed in): the
 * `Idempotency-Key` header is required (400 without it), then `app.idempotent` applies it.
 */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  if (request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] !== undefined) return;
  throw badRequest(
    'idempotency.key_required',
    {},
    { [IDEMPOTENCY_KEY_HEADER]: 'idempotency.key_required' },
  );
}

function readKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? undefined : header.trim();
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest(
      'idempotency.key_invalid',
      {},
      { [IDEMPOTENCY_KEY_HEADER]: 'idempotency.key_invalid' },
    );
  }
  return key;
}

/**
 * Whose keys a request's key is among: a session's user's, or an API key's own
 * (docs/decisions/0021-shippers-api.md, "The parcels API"). Stored answers are kept per user; a
 * key's are kept under its creator with the key's id in front, so two keys of one member never
 * share an answer, nor a key and the member's own sessions.
 */
function keySpaceOf(request: FastifyRequest, sentKey: string): { userId: string; key: string } {
  if (request.apiKey) {
    return {
      userId: request.apiKey.createdByUserId,
      key: `api-key:${request.apiKey.id}:${sentKey}`,
    };
  }
  const userId = request.auth?.userId;
  if (!userId) throw new Error('app.idempotent must come after an auth guard');
  return { userId, key: sentKey };
}

/** The route and the resource it acts on: the same key on another order is another request. */
function routeOf(request: FastifyRequest): string {
  const params = Object.entries((request.params ?? {}) as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
  return `${request.method} ${request.routeOptions.url ?? request.url}${params ? ` ${params}` : ''}`;
}

/** The stored body: the JSON the first answer sent, or null for an empty one (204). */
function parseBody(payload: unknown): { ok: true; body: unknown } | { ok: false } {
  if (payload === null || payload === undefined || payload === '') return { ok: true, body: null };
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (typeof text !== 'string') return { ok: false };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Database; clock: () => Date },
): void {
  const { db, clock } = deps;
  let lastPurge = 0;

  const purgeExpired = async (now: Date) => {
    if (now.getTime() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now.getTime();
    await deleteKeysCreatedBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS));
  };

  /** Frees a key whose request has no answer to keep; a failure here leaves it to expire. */
  const release = async (request: FastifyRequest, reservation: Reservation) => {
    try {
      await deleteUnansweredKey(db, reservation);
    } catch (error) {
      request.log.error({ err: error }, 'could not release an idempotency key');
    }
  };

  app.decorate('idempotent', async function idempotent(request, reply) {
    const sentKey = readKey(request);
    if (sentKey === undefined) return;
    const { userId, key } = keySpaceOf(request, sentKey);
    const route = routeOf(request);
    const now = clock();
    await purgeExpired(now);

    // The key is reserved, or taken over when its row has expired or was abandoned.
    const reserved = await reserveKey(
      db,
      { userId, key, route, now },
      {
        expiredBefore: new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS),
        abandonedBefore: new Date(now.getTime() - ABANDONED_RESERVATION_MS),
      },
    );
    if (reserved) {
      request.idempotencyReservation = { userId, key, settled: false };
      return;
    }

    const first = await findKey(db, { userId, key });
    // Released between the two statements (a 5xx): the client retries with the same key.
    if (!first) throw conflict('idempotency.in_progress');
    if (first.route !== route) throw refusedWith(422, 'idempotency.key_reused');
    if (first.statusCode === null) throw conflict('idempotency.in_progress');

    reply.code(first.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (first.response === null) reply.send();
    // Sent as text, past the route's serializer: the replay is the JSON of the first answer.
    else reply.type('application/json; charset=utf-8').send(JSON.stringify(first.response));
    return reply;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const reservation = request.idempotencyReservation;
    if (!reservation || reservation.settled) return payload;
    reservation.settled = true;
    const parsed = parseBody(payload);
    // A 5xx is our failure, not the request's answer: the key is freed so a retry can run.
    if (reply.statusCode >= 500 || !parsed.ok) {
      await release(request, reservation);
      return payload;
    }
    try {
      await storeAnswer(db, reservation, {
        statusCode: reply.statusCode,
        response: parsed.body,
      });
    } catch (error) {
      // The step is applied: its answer still goes out. The key stays reserved until it counts
      // as abandoned, and a retry then meets the step's own rule.
      request.log.error({ err: error }, 'could not store an idempotent answer');
    }
    return payload;
  });

  // A request that ended without sending (the connection closed first) must not hold its key.
  app.addHook('onResponse', async (request) => {
    const reservation = request.idempotencyReservation;
    if (!reservation || reservation.settled) return;
    reservation.settled = true;
    await release(request, reservation);
  });
}
