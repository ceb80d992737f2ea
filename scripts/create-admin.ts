/**
 * `npm run create-admin -- --email admin@example.ma`: creates that admin, or sets the password of
 * the admin already there; an address that belongs to a customer is refused. The password is typed
 * at a hidden prompt (twice), or read from the first line of standard input when that is not a
 * terminal (`… < password-file`). Never from the command line: argv is visible to every user in
 * `ps` and kept in shell history. Uses the same configuration as the server (DATABASE_URL or the
 * embedded database in DATA_DIR).
 *
 * `npm run create-admin -- --email admin@example.ma --reset-mfa` clears that admin's second factor
 * (a lost phone) without touching the password: they enrol a new one at their next sign-in.
 */
import { createInterface } from 'node:readline';
import { createInterface as createPromptInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { EmailSchema, NewPasswordSchema } from '../src/shared/schemas/auth-schemas';
import { upsertAdminAccount } from '../src/server/auth/admin-bootstrap';
import { resetAdminSecondFactor } from '../src/server/auth/second-factor-service';
import { isCommonPassword } from '../src/server/auth/common-passwords';
import { englishMessage, englishText } from '../src/shared/i18n/message-catalogs';
import { parseMessageKey } from '../src/shared/i18n/message-key';
import { ConfigError, readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';

const USAGE =
  'Usage: npm run create-admin -- --email <email> [--reset-mfa]  (the password is asked for, or read from standard input; --reset-mfa clears the second factor instead)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArguments(): { email?: string; password?: string; 'reset-mfa'?: boolean } {
  try {
    // --password is declared only to be refused by name rather than as an unknown option.
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'reset-mfa': { type: 'boolean' },
      },
    }).values;
  } catch {
    // parseArgs' own message would repeat a stray argument, which may be the password.
    fail(USAGE);
  }
}

/** Reads one line without echoing it to the terminal. */
async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createPromptInterface({ input: process.stdin, output, terminal: true });
  prompt.on('SIGINT', () => {
    process.stdout.write('\n');
    process.exit(130);
  });
  try {
    const answer = prompt.question(question);
    muted = true;
    return await answer;
  } finally {
    muted = false;
    process.stdout.write('\n');
    prompt.close();
  }
}

async function readFirstLineOfStdin(): Promise<string | undefined> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) return line;
  return undefined;
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const line = await readFirstLineOfStdin();
    if (!line) fail('No password on standard input: give it as the first line.');
    return line;
  }
  const password = await promptHidden('Password: ');
  if ((await promptHidden('Password again: ')) !== password) fail('The two passwords differ.');
  return password;
}

const values = readArguments();
if (values.password !== undefined) {
  fail(
    '--password is refused: a password on the command line is visible to other users (ps) and kept in shell history. Leave it out and type the password at the prompt, or give it on standard input.',
  );
}
const email = EmailSchema.safeParse(values.email ?? '');
if (!email.success) fail(USAGE);

function readServerConfig() {
  try {
    return readConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function openServerDatabase() {
  const config = readServerConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  return database;
}

if (values['reset-mfa']) {
  const database = await openServerDatabase();
  let reset;
  try {
    reset = await resetAdminSecondFactor(database.db, email.data);
  } finally {
    await database.close();
  }
  if (reset === 'not-an-admin') fail(`${email.data} is not an administrator; nothing was changed.`);
  console.log(
    reset === 'reset'
      ? `The second factor of ${email.data} was cleared: they enrol a new one at their next sign-in.`
      : `${email.data} had no second factor; nothing was changed.`,
  );
  process.exit(0);
}

const password = NewPasswordSchema.safeParse(await readPassword());
if (!password.success) {
  const refusal = password.error.issues[0]?.message ?? '';
  const known = parseMessageKey(refusal);
  fail(`Password refused: ${known ? englishText(known) : refusal}`);
}
if (isCommonPassword(password.data))
  fail(`Password refused: ${englishMessage('validation.password_too_common')}`);

const database = await openServerDatabase();
let outcome;
try {
  outcome = await upsertAdminAccount(database.db, email.data, password.data);
} finally {
  await database.close();
}
if (outcome === 'not-an-admin') {
  fail(
    `${email.data} belongs to a customer account, which is never made an administrator; it was left unchanged. Choose another address for the administrator.`,
  );
}
console.log(`Admin ${email.data} ${outcome}.`);
