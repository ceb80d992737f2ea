import { setPriority } from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): ~5 ms a hash on these machines. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/*
 * Hashing is the one CPU-bound task of a request; this thread yields the cores to the event
 * loops. On Linux the nice value belongs to each thread, so setpriority() here lowers this
 * thread alone (`ps -L -o tid,ni,comm -p <pid>` shows 19 on this thread, 0 on the others);
 * elsewhere it would lower the whole process, event loop included, so it is left as it is.
 */
if (process.platform === 'linux') setPriority(19);

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Rests this thread as long as the hash it just computed took, so that a storm of logins uses at
 * most half a core: a lower priority alone still let each hash sweep its 19 MiB through the
 * caches the event loops and PostgreSQL share, and the order list's p99 doubled under a storm.
 * A login waits ~5 ms more; nothing else waits at all.
 */
function restAsLongAs<Result>(work: () => Result): Result {
  const started = performance.now();
  const result = work();
  Atomics.wait(pause, 0, 0, performance.now() - started);
  return result;
}

export function hashPassword(password: string): string {
  return restAsLongAs(() => hashSync(password, ARGON2ID));
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export function verifyPassword({
  passwordHash,
  password,
}: {
  passwordHash: string;
  password: string;
}): boolean {
  try {
    return restAsLongAs(() => verifySync(passwordHash, password));
  } catch {
    return false;
  }
}
