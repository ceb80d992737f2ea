import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/open-database';
import { usesPostgres } from './test-database-mode';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    /** On PGlite, the file holding the migrated data directory every test file starts from. */
    pgliteTemplateFile: string;
  }
}

/**
 * Migrate one database once; each test file then starts from a copy of it instead of a migration
 * run. On PostgreSQL a template database (`CREATE DATABASE … TEMPLATE`, milliseconds); on PGlite
 * the migrated data directory dumped to a file, which each file's in-memory PGlite loads.
 */
export default async function setup(project: TestProject) {
  const serverUrl = usesPostgres();
  if (!serverUrl) {
    project.provide('templateDatabase', '');
    const template = await openDatabase({ kind: 'pglite' });
    await template.migrate();
    const dump = await template.dumpDataDir!();
    await template.close();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'atlas-api-tests-'));
    const file = path.join(folder, 'pglite-template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    return () => rmSync(folder, { recursive: true, force: true });
  }
  project.provide('pgliteTemplateFile', '');
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
