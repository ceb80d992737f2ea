import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { build } from 'vite';
import { BOUNCING_DOMAIN } from './bouncing-mail';
import { prepareAdminSessions } from './support/admin-sessions';
import { ENROLMENT_ADMINS, E2E_ADMIN_PASSWORD } from './support/enrolment-admins';

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become healthy at ${baseUrl} within ${timeoutMs} ms`);
}

/** Receives the app's mail over real SMTP and saves each message as JSON for the tests. */
async function startMailCatcher(mailDir: string): Promise<{ port: number; stop(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.endsWith(`@${BOUNCING_DOMAIN}`)) return callback();
      const refusal = new Error('Mailbox unavailable') as Error & { responseCode: number };
      refusal.responseCode = 550;
      return callback(refusal);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received += 1;
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : mail.to?.text;
          const file = path.join(
            mailDir,
            `${Date.now()}-${String(received).padStart(4, '0')}.json`,
          );
          writeFileSync(
            file,
            JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }),
          );
          callback();
        })
        .catch(callback);
    },
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The bearer token the app must send the SMS gateway (checked, as a real gateway would). */
const SMS_TOKEN = 'e2e-sms-token';

/**
 * Receives the app's SMS as the gateway of docs/architecture.md ("The outbox") would: `POST
 * {id, to, text}` with the bearer token. Each one is saved as JSON for the specs; a replay of an
 * id already saved is answered 200 and not saved twice, as a gateway drops it.
 */
async function startSmsCatcher(smsDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  let received = 0;
  const seen = new Set<string>();
  const server = createHttpServer((request, response) => {
    if (request.method !== 'POST' || request.headers.authorization !== `Bearer ${SMS_TOKEN}`) {
      response.writeHead(request.method === 'POST' ? 401 : 405).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const sms = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          to: string;
          text: string;
        };
        if (!seen.has(sms.id)) {
          seen.add(sms.id);
          received += 1;
          const file = path.join(smsDir, `${Date.now()}-${String(received).padStart(4, '0')}.json`);
          writeFileSync(file, JSON.stringify({ id: sms.id, to: sms.to, text: sms.text }));
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/sms`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A 1×1 transparent PNG: every map tile the e2e maps ask for. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Serves the maps' tiles (MAP_TILE_URL) on this machine: the machines that run the tests have no
 * route to OpenStreetMap, and a tile that fails to load is a console error in every map spec.
 */
async function startTileServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createHttpServer((request, response) => {
    if (request.method !== 'GET' || !/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' })
      .end(BLANK_TILE);
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * With TEST_DATABASE_URL (as `.ci/run` sets it) the app runs on a fresh PostgreSQL database of its
 * own, dropped afterwards: PostgreSQL answers the two browsers' load in processes of its own where
 * the embedded database shares the server's one thread, and the run takes minutes less. Without
 * it, the embedded database, as `npm start` uses; the API tests run on both either way.
 */
async function createE2eDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `atlas_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const runOnServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await runOnServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** `npm run create-admin -- --email …` with the password on standard input. */
function createAdmin(email: string, password: string, env: Record<string, string>): void {
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-admin.ts', '--email', email],
    { env: { ...process.env, ...env }, input: `${password}\n`, encoding: 'utf8', timeout: 120_000 },
  );
  if (created.status !== 0) throw new Error(`create-admin ${email}: ${created.stderr}`);
}

/** Builds the web app, then runs the real server on a free port with a fresh data folder. */
export default async function globalSetup() {
  // `npm test` builds just before (its build step); a run of its own builds here.
  if (process.env.E2E_USE_EXISTING_BUILD !== '1') {
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  }
  const database = await createE2eDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'logistics-e2e-'));
  const mailDir = path.join(dataDir, 'mail');
  mkdirSync(mailDir);
  const mailCatcher = await startMailCatcher(mailDir);
  const smsDir = path.join(dataDir, 'sms');
  mkdirSync(smsDir);
  const smsCatcher = await startSmsCatcher(smsDir);
  const tileServer = await startTileServer();
  const adminEmail = 'admin@atlas.test';
  const adminPassword = E2E_ADMIN_PASSWORD;
  // Admins without a second factor, for the specs of enrolment (second-factor.spec.ts): made
  // with `npm run create-admin` before the server holds the database.
  for (const email of ENROLMENT_ADMINS) {
    // The build above runs in this process and sets NODE_ENV=production, whose configuration
    // wants a way to send mail; the script sends none.
    createAdmin(email, adminPassword, {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      MAIL_MODE: 'log',
    });
  }
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      WEB_CONCURRENCY: '1',
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      SMTP_URL: `smtp://127.0.0.1:${mailCatcher.port}`,
      SMS_URL: smsCatcher.url,
      SMS_TOKEN,
      MAP_TILE_URL: tileServer.url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every browser of the run comes from 127.0.0.1, and the specs running side by side sign the
      // one admin account in dozens of times a minute: the per-address and per-email attempt limits
      // would refuse the specs' own sign-ins, accounts and shipments (the API tests cover them).
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_EMAIL: '100000',
      RATE_LIMIT_REGISTER_PER_IP: '100000',
      RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: '100000',
      RATE_LIMIT_QUOTE_PER_IP: '100000',
      RATE_LIMIT_ORDER_PER_CUSTOMER: '100000',
      RATE_LIMIT_ORDER_PER_IP: '100000',
      RATE_LIMIT_TRACKING_PER_IP: '100000',
      RATE_LIMIT_LISTS_PER_ACCOUNT: '100000',
      // A test moves a truck twice in a few seconds; the 10 s floor is tested by the API tests.
      DRIVER_POSITION_MIN_INTERVAL_MS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, 60_000);
  await prepareAdminSessions(baseUrl, dataDir, { email: adminEmail, password: adminPassword });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMS_DIR = smsDir;
  process.env.E2E_ADMIN_EMAIL = adminEmail;
  process.env.E2E_ADMIN_PASSWORD = adminPassword;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mailCatcher.stop();
    await smsCatcher.stop();
    await tileServer.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
}
