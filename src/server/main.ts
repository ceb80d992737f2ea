import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app';
import { AdminBootstrapError, bootstrapAdmin } from './auth/admin-bootstrap';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { stopPasswordHashing } from './auth/password-hashing';
import { superviseWorkers } from './cluster/worker-supervisor';
import { ConfigError, readConfig, type AppConfig } from './config';
import { openDatabase, type OpenDatabase } from './db/open-database';
import { prepareDocumentFonts } from './documents/pdf-writer';

const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

/*
 * docs/architecture.md, "Processes and logs": one process serves the port unless DATABASE_URL and
 * WEB_CONCURRENCY > 1 ask for a cluster. Then the primary migrates and creates the admin once,
 * and forks the workers, which run this module again and only serve.
 */
async function main(): Promise<void> {
  const config = readConfigOrExit();
  if (cluster.isWorker) return serve(config, { prepareDatabase: false });
  if (!config.DATABASE_URL || config.WEB_CONCURRENCY === 1) {
    return serve(config, { prepareDatabase: true });
  }
  return startCluster(config);
}

function readConfigOrExit(): AppConfig {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function openConfiguredDatabase(config: AppConfig): Promise<OpenDatabase> {
  return openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
    {
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    },
  );
}

/** An ADMIN_EMAIL naming a customer stops the start with its message alone, as a bad setting does. */
async function bootstrapAdminOrExit(
  database: OpenDatabase,
  config: AppConfig,
  log: FastifyBaseLogger,
  release: () => Promise<void>,
): Promise<void> {
  try {
    await bootstrapAdmin(database.db, config, log);
  } catch (error) {
    if (!(error instanceof AdminBootstrapError)) throw error;
    console.error(error.message);
    await release();
    process.exit(1);
  }
}

/** One process serving the port: the only one, or one of the cluster's workers. */
async function serve(config: AppConfig, { prepareDatabase }: { prepareDatabase: boolean }) {
  const database = await openConfiguredDatabase(config);
  if (prepareDatabase) await database.migrate();

  const app = await buildApp({
    config,
    db: database.db,
    databaseKind: database.kind,
    channels: database.channels,
    webRoot,
  });
  const release = async () => {
    await app.close();
    await database.close();
  };
  if (prepareDatabase) {
    await bootstrapAdminOrExit(database, config, app.log, release);
    if (config.WEB_CONCURRENCY > 1) {
      app.log.info(
        { WEB_CONCURRENCY: config.WEB_CONCURRENCY },
        'one server process: the embedded database (DATABASE_URL unset) can be opened by one process only',
      );
    }
  }
  // A second signal must not cut a stop under way: Ctrl-C reaches a cluster's workers as well as
  // its primary, which then sends them SIGTERM.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  // The first statement or invoice would otherwise parse the fonts (src/server/documents).
  prepareDocumentFonts().catch((error: unknown) =>
    app.log.warn({ err: error }, 'document fonts not prepared ahead'),
  );
  if (cluster.isPrimary) {
    app.log.info(
      { database: database.kind, url: config.PUBLIC_URL },
      `Atlas Freight is running at ${config.PUBLIC_URL}`,
    );
  }
}

async function startCluster(config: AppConfig): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const release = async () => {
    await database.close();
    await stopPasswordHashing();
  };
  await bootstrapAdminOrExit(database, config, log, release);
  // The primary serves nothing: its connections and hashing thread would only sit idle.
  await release();
  // Every worker must sign sessions with one secret; made here, none of them can race to write its own.
  if (!config.JWT_SECRET) loadOrCreateJwtSecret(config.DATA_DIR);
  if (!config.REDIS_URL) {
    log.warn(
      { WEB_CONCURRENCY: config.WEB_CONCURRENCY },
      'REDIS_URL is unset: each server process keeps its own attempt counters, so a client may try up to WEB_CONCURRENCY times each limit',
    );
  }
  superviseWorkers({
    workers: config.WEB_CONCURRENCY,
    exec: fileURLToPath(import.meta.url),
    log,
    onAllListening: () =>
      log.info(
        { database: database.kind, url: config.PUBLIC_URL, processes: config.WEB_CONCURRENCY },
        `Atlas Freight is running at ${config.PUBLIC_URL}`,
      ),
  });
}

main().catch((error: unknown) => {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
