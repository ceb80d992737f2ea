import { addDays } from './business-calendar';

/**
 * Failed deliveries and returns (docs/decisions/0023-failed-deliveries-and-returns.md): the rules
 * the server, the screens and the tests share.
 */

/** Failed attempts after which the return starts on its own (a business setting; its default). */
export const DEFAULT_MAX_DELIVERY_ATTEMPTS = 3;
/** The range the office may set it in. */
export const MAX_DELIVERY_ATTEMPTS_RANGE = { min: 1, max: 10 } as const;
/** The return fee, as a percentage of the delivery price (a business setting; its default). */
export const DEFAULT_RETURN_FEE_PERCENT = 50;
/** Another attempt may be asked for on one of the next 7 days (tomorrow to today + 7). */
export const RESCHEDULE_WINDOW_DAYS = 7;
/** After this long without the merchant's decision, the office may start the return itself. */
export const DECISION_WAIT_HOURS = 48;

/** The days another attempt may be set for, seen from `today` (a business date, YYYY-MM-DD). */
export function rescheduleDays(today: string): string[] {
  return Array.from({ length: RESCHEDULE_WINDOW_DAYS }, (_, index) => addDays(today, index + 1));
}

/** Whether `day` (YYYY-MM-DD) is one of the next RESCHEDULE_WINDOW_DAYS days after `today`. */
export function isRescheduleDay(day: string, today: string): boolean {
  return day > today && day <= addDays(today, RESCHEDULE_WINDOW_DAYS);
}

/** The return fee of a parcel brought back: its percentage of the price, to the centime. */
export function returnFeeCentimes(priceCentimes: number, returnFeePercent: number): number {
  return Math.round((priceCentimes * returnFeePercent) / 100);
}
