import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { message } from '#shared/i18n/message-key';
import { ServiceBusyError } from '../http/errors';

/*
 * argon2id costs a core for milliseconds: run on the libuv pool it took both cores from the event
 * loop during a login storm, and every other request waited. It runs instead on one worker thread
 * per process at the lowest priority (password-hashing-worker.ts), so a storm costs at most one
 * core, and only the time the event loops leave free; logins queue for it rather than the API.
 */

/**
 * The worker sits beside this module in the same language: TypeScript source under tsx and
 * vitest, the build's own entry beside main.js in dist/server (scripts/build-server.mjs).
 */
const thisModule = fileURLToPath(import.meta.url);
const workerFile = path.join(
  path.dirname(thisModule),
  `password-hashing-worker${path.extname(thisModule)}`,
);

/** A worker thread does not inherit tsx's loader hooks, so it loads the source through tsx's own. */
const workerExecArgv = workerFile.endsWith('.ts')
  ? ['--require', createRequire(import.meta.url).resolve('tsx/cjs')]
  : undefined;

let hashingThreads: Piscina | undefined;
/** How many hashes may wait for the thread (configurePasswordHashing); none by default. */
let queueLimit = Number.POSITIVE_INFINITY;

/** Seconds a client refused for a full queue should wait: a queue of 100 drains in about five. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * A full queue answers at once rather than holding the request: at about twenty logins a second
 * a process's hundredth waiting hash is five seconds away, and an attacker's thousandth would keep
 * every real sign-in behind it for a minute, its own client long gone.
 */
export function configurePasswordHashing(options: { queueLimit: number }): void {
  queueLimit = options.queueLimit;
}

function passwordThreads(): Piscina {
  hashingThreads ??= new Piscina({
    filename: workerFile,
    minThreads: 1,
    maxThreads: 1,
    // The export piscina loads as the thread starts, and the one run when a task names none.
    name: 'verifyPassword',
    execArgv: workerExecArgv,
  });
  return hashingThreads;
}

/** The hashing thread, unless as many hashes as the limit are waiting for it already. */
function threadWithRoom(): Piscina {
  const threads = passwordThreads();
  if (threads.queueSize >= queueLimit) {
    throw new ServiceBusyError(message('service.busy'), BUSY_RETRY_AFTER_SECONDS);
  }
  return threads;
}

export function hashPassword(password: string): Promise<string> {
  return threadWithRoom().run(password, { name: 'hashPassword' }) as Promise<string>;
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return threadWithRoom().run(
    { passwordHash, password },
    { name: 'verifyPassword' },
  ) as Promise<boolean>;
}

/** Verifying against this when the email is unknown keeps both answers equally slow. */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  await verifyPassword(await decoyHash, password);
}

/** Ends the hashing thread of a process that will hash no more (the cluster's primary). */
export async function stopPasswordHashing(): Promise<void> {
  const threads = hashingThreads;
  hashingThreads = undefined;
  await threads?.destroy();
}
