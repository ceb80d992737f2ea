import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describeConnectionFault } from './database-faults';
import type { Database } from './open-database';

/**
 * LISTEN/NOTIFY, the seam between instances (docs/architecture.md, "Live updates"): a change
 * sends `pg_notify(channel, payload)` inside its own transaction, so PostgreSQL delivers it to
 * every listening instance when, and only if, the transaction commits. PGlite has the same
 * statement and delivers it in process.
 */
export interface DatabaseChannels {
  /**
   * Calls `onMessage` with each payload sent on `channel`, and `onReconnect` after a lost
   * listening connection is back (whatever was sent meanwhile is lost, so a listener catches up
   * from the tables). Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Sends `payload` on `channel` when, and only if, the transaction `tx` commits. */
export async function notifyOnCommit(
  tx: Database,
  channel: string,
  payload: string,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** notifyOnCommit for many payloads, in the order given, in one statement. */
export async function notifyManyOnCommit(
  tx: Database,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  if (payloads.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${channel}, payload)
        from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb)
          with ordinality as sent(payload, position)
        order by position`,
  );
}

export function createPgliteChannels(client: PGlite): DatabaseChannels {
  return {
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      // A closed database has no listeners left to remove.
      return () => unlisten().catch(() => {});
    },
    async close() {},
  };
}

interface Subscription {
  channel: string;
  onMessage: (payload: string) => void;
  onReconnect?: () => void;
}

export interface ListeningConnectionLimits {
  connectTimeoutMs: number;
  /** A LISTEN or a liveness ping without an answer this long means the link is dead. */
  queryTimeoutMs: number;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/**
 * The listening connection only receives, so a link that died without a word (no RST) would keep
 * every notification away unnoticed; a ping this often finds it.
 */
const LIVENESS_PING_MS = 15_000;
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * One connection per process holds every LISTEN (a pooled connection cannot: the pool would hand
 * it to queries and recycle it). When it drops it is opened again with backoff, its channels
 * listened to again, and each subscriber told so it can catch up.
 */
export function createPostgresChannels(
  connectionString: string,
  log: (message: string) => void,
  { connectTimeoutMs, queryTimeoutMs }: ListeningConnectionLimits,
): DatabaseChannels {
  const subscriptions = new Set<Subscription>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryDelay = RECONNECT_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const channels = () => [...new Set([...subscriptions].map((s) => s.channel))];
  // Channel names are this program's own constants, never input.
  const quote = (channel: string) => `"${channel}"`;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    next.on('notification', ({ channel, payload }) => {
      for (const subscription of subscriptions) {
        if (subscription.channel === channel) subscription.onMessage(payload ?? '');
      }
    });
    next.on('error', (error) => {
      log(`Listening connection lost: ${describeConnectionFault(error)}`);
      dropAndReconnect(next);
    });
    next.on('end', () => dropAndReconnect(next));
    try {
      await next.connect();
      for (const channel of channels()) await next.query(`LISTEN ${quote(channel)}`);
    } catch (error) {
      next.removeAllListeners('end');
      void next.end().catch(() => {});
      throw error;
    }
    return next;
  }

  const livenessTimer = setInterval(() => {
    const current = client;
    current?.query('SELECT 1').catch((error: unknown) => {
      log(`Listening connection unresponsive: ${describeConnectionFault(error)}`);
      dropAndReconnect(current);
    });
  }, LIVENESS_PING_MS);
  livenessTimer.unref();

  function dropAndReconnect(lost: pg.Client) {
    if (client !== lost || closed) return;
    client = undefined;
    lost.removeAllListeners('end');
    void lost.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensureClient()
        .then(() => {
          retryDelay = RECONNECT_FIRST_MS;
          for (const subscription of subscriptions) subscription.onReconnect?.();
        })
        .catch((error: unknown) => {
          log(`Could not listen again: ${describeConnectionFault(error)}`);
          retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
          scheduleReconnect();
        });
    }, retryDelay);
    retryTimer.unref();
  }

  async function ensureClient(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= connect().finally(() => (connecting = undefined));
    client = await connecting;
    return client;
  }

  return {
    async listen(channel, onMessage, onReconnect) {
      const subscription = { channel, onMessage, onReconnect };
      const alreadyListening = channels().includes(channel);
      subscriptions.add(subscription);
      const listening = await ensureClient();
      if (!alreadyListening) await listening.query(`LISTEN ${quote(channel)}`);
      return async () => {
        subscriptions.delete(subscription);
        if (client && !channels().includes(channel)) {
          await client.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(livenessTimer);
      subscriptions.clear();
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}
