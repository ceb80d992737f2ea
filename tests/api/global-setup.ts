import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/open-database';
import { usesPostgres } from './test-database-mode';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * On PostgreSQL, migrate one template database once; each test file then copies it
 * (`CREATE DATABASE … TEMPLATE`), which takes milliseconds instead of a migration run.
 */
export default async function setup(project: TestProject) {
  const serverUrl = usesPostgres();
  if (!serverUrl) {
    project.provide('templateDatabase', '');
    return;
  }
  const templateName = `logistics_tpl_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${templateName}`;
  const template = await openDatabase({ kind: 'postgres', url: templateUrl.toString() });
  await template.migrate();
  await template.close();
  project.provide('templateDatabase', templateName);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.end();
  };
}
