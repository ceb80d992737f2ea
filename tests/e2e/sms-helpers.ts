import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toE164 } from '../../src/shared/phone';
import { expect } from './fixtures';

/** One SMS the global setup's catcher received from the app's outbox. */
export interface CaughtSms {
  id: string;
  /** E.164. */
  to: string;
  text: string;
}

function readCaughtSms(): CaughtSms[] {
  const smsDir = process.env.E2E_SMS_DIR;
  if (!smsDir) throw new Error('E2E_SMS_DIR is not set');
  return readdirSync(smsDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(smsDir, file), 'utf8')) as CaughtSms];
      } catch {
        return []; // still being written
      }
    });
}

/**
 * The text of the newest SMS to `to` (any way of writing the number) whose text matches
 * `pattern`; waits for it as the outbox sends it.
 */
export async function waitForSms(to: string, pattern: RegExp): Promise<string> {
  const number = toE164(to) ?? to;
  const find = () =>
    readCaughtSms()
      .filter((sms) => sms.to === number && pattern.test(sms.text))
      .at(-1);
  await expect
    .poll(() => find() !== undefined, { timeout: 15_000, message: `an SMS to ${number}` })
    .toBe(true);
  return find()!.text;
}

/** Every SMS caught so far to `to`: a spec checks that one was not sent twice. */
export function caughtSmsTo(to: string): CaughtSms[] {
  const number = toE164(to) ?? to;
  return readCaughtSms().filter((sms) => sms.to === number);
}
