import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { toE164 } from '../../../src/shared/phone';

/**
 * What the global setup's catchers received from the app's outbox: each mail and each SMS is a
 * JSON file in E2E_MAIL_DIR or E2E_SMS_DIR, named in the order it arrived.
 */

/** Every JSON file of the folder named by `variable`, oldest first. */
function readCaught<T>(variable: 'E2E_MAIL_DIR' | 'E2E_SMS_DIR'): T[] {
  const folder = process.env[variable];
  if (!folder) throw new Error(`${variable} is not set`);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as T];
      } catch {
        return []; // still being written
      }
    });
}

interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest message the mail catcher saved for this address. */
export async function waitForMail(to: string): Promise<CaughtMail> {
  const find = () =>
    readCaught<CaughtMail>('E2E_MAIL_DIR')
      .filter((mail) => mail.to?.includes(to))
      .at(-1);
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}

/** One SMS the global setup's catcher received from the app's outbox. */
export interface CaughtSms {
  id: string;
  /** E.164. */
  to: string;
  text: string;
}

/** Every SMS caught so far to `to` (any way of writing the number): a spec checks that one was not sent twice. */
export function caughtSmsTo(to: string): CaughtSms[] {
  const number = toE164(to) ?? to;
  return readCaught<CaughtSms>('E2E_SMS_DIR').filter((sms) => sms.to === number);
}

/**
 * The text of the newest SMS to `to` (any way of writing the number) whose text matches
 * `pattern`; waits for it as the outbox sends it.
 */
export async function waitForSms(to: string, pattern: RegExp): Promise<string> {
  const number = toE164(to) ?? to;
  const find = () =>
    caughtSmsTo(number)
      .filter((sms) => pattern.test(sms.text))
      .at(-1);
  await expect
    .poll(() => find() !== undefined, { timeout: 15_000, message: `an SMS to ${number}` })
    .toBe(true);
  return find()!.text;
}

/** Runs `send` and answers the text of the first SMS to `phone` that arrives after it. */
export async function nextSmsTo(phone: string, send: () => Promise<void>): Promise<string> {
  const before = caughtSmsTo(phone).length;
  await send();
  await expect
    .poll(() => caughtSmsTo(phone).length, { timeout: 15_000, message: `an SMS to ${phone}` })
    .toBeGreaterThan(before);
  return caughtSmsTo(phone).at(-1)!.text;
}
