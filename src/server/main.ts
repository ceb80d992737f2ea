import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { AdminBootstrapError, bootstrapAdmin } from './auth/admin-bootstrap';
import { ConfigError, readConfig } from './config';
import { openDatabase } from './db/open-database';

const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
    {
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    },
  );
  await database.migrate();

  const app = await buildApp({
    config,
    db: database.db,
    channels: database.channels,
    webRoot,
  });
  try {
    await bootstrapAdmin(database.db, config, app.log);
  } catch (error) {
    if (!(error instanceof AdminBootstrapError)) throw error;
    console.error(error.message);
    await app.close();
    await database.close();
    process.exit(1);
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  app.log.info(
    { database: database.kind, url: config.PUBLIC_URL },
    `Atlas Freight is running at ${config.PUBLIC_URL}`,
  );
}

main().catch((error: unknown) => {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
