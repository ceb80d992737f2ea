import { describe, expect, it } from 'vitest';
import { englishText } from './i18n/message-catalogs';
import { message } from './i18n/message-key';
import { findDispatchProblems, getDocumentStatus, getInspectionDueDate } from './fleet-rules';

const today = '2026-05-10';

describe('getDocumentStatus', () => {
  it('is valid through its last day, expiring within 30 days, expired after', () => {
    expect(getDocumentStatus('2026-06-10', today)).toBe('valid');
    expect(getDocumentStatus('2026-06-09', today)).toBe('expiring');
    expect(getDocumentStatus(today, today)).toBe('expiring');
    expect(getDocumentStatus('2026-05-09', today)).toBe('expired');
  });
});

describe('getInspectionDueDate', () => {
  it('is 12 months after the inspection', () => {
    expect(getInspectionDueDate('2025-05-10')).toBe('2026-05-10');
    expect(getInspectionDueDate('2024-02-29')).toBe('2025-02-28');
  });
});

describe('findDispatchProblems', () => {
  const truck = {
    truckNumber: '12345-A-6',
    capacityKg: 2_000,
    licenseExpire: '2027-01-01',
    technicalDate: '2025-05-10',
  };

  it('accepts a load up to the capacity, a licence ending today, an inspection 12 months old', () => {
    expect(findDispatchProblems({ ...truck, licenseExpire: today }, 2_000, today)).toEqual([]);
  });

  it('names every problem', () => {
    const problems = findDispatchProblems(
      { ...truck, licenseExpire: '2026-05-09', technicalDate: '2025-05-09' },
      2_500.5,
      today,
    );
    expect(problems).toEqual([
      {
        code: 'capacity',
        message: message('dispatch.capacity_too_small', {
          truckNumber: '12345-A-6',
          capacity: 2_000,
          weight: 2_500.5,
        }),
      },
      { code: 'license', message: message('dispatch.license_expired', { date: '2026-05-09' }) },
      {
        code: 'inspection',
        message: message('dispatch.inspection_expired', {
          truckNumber: '12345-A-6',
          date: '2025-05-09',
          months: 12,
        }),
      },
    ]);
    expect(problems.map((problem) => englishText(problem.message))).toEqual([
      'Truck 12345-A-6 carries up to 2,000 kg, below the order weight of 2,500.5 kg',
      "The driver's licence expired on 2026-05-09",
      'The technical inspection of truck 12345-A-6 (2025-05-09) is more than 12 months old',
    ]);
  });
});
