/**
 * When a truck and its driver may take an order (docs/product.md, decision 5 and the dispatch
 * safeguards): enough capacity, a licence not expired, a technical inspection at most 12 months
 * old. The server applies these when it dispatches and when it offers truck-driver combinations;
 * the Trucks screen shows the same document states.
 */
import { addDays, addMonths } from './business-calendar';
import { message, type Message } from './i18n/message-key';

export const INSPECTION_VALIDITY_MONTHS = 12;
/** A document this close to its end is flagged so that the admin renews it in time. */
export const DOCUMENT_WARNING_DAYS = 30;

export const DOCUMENT_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** A document is good through its last valid day (`validUntil`, inclusive). */
export function getDocumentStatus(validUntil: string, today: string): DocumentStatus {
  if (validUntil < today) return 'expired';
  if (validUntil <= addDays(today, DOCUMENT_WARNING_DAYS)) return 'expiring';
  return 'valid';
}

/** The last day on which an inspection still counts: 12 months after it took place. */
export function getInspectionDueDate(technicalDate: string): string {
  return addMonths(technicalDate, INSPECTION_VALIDITY_MONTHS);
}

export interface DispatchTruck {
  truckNumber: string;
  capacityKg: number;
  licenseExpire: string;
  technicalDate: string;
}

export type DispatchProblem = { code: 'capacity' | 'license' | 'inspection'; message: Message };

/** Every reason this truck and its driver may not take a load of `weightKg` today; [] if none. */
export function findDispatchProblems(
  truck: DispatchTruck,
  weightKg: number,
  today: string,
): DispatchProblem[] {
  const problems: DispatchProblem[] = [];
  if (truck.capacityKg < weightKg) {
    problems.push({
      code: 'capacity',
      message: message('dispatch.capacity_too_small', {
        truckNumber: truck.truckNumber,
        capacity: truck.capacityKg,
        weight: weightKg,
      }),
    });
  }
  if (getDocumentStatus(truck.licenseExpire, today) === 'expired') {
    problems.push({
      code: 'license',
      message: message('dispatch.license_expired', { date: truck.licenseExpire }),
    });
  }
  if (getDocumentStatus(getInspectionDueDate(truck.technicalDate), today) === 'expired') {
    problems.push({
      code: 'inspection',
      message: message('dispatch.inspection_expired', {
        truckNumber: truck.truckNumber,
        date: truck.technicalDate,
        months: INSPECTION_VALIDITY_MONTHS,
      }),
    });
  }
  return problems;
}
