import type { Locale } from '#shared/i18n/locales';
import type { InvoiceDocument } from './invoice-pdf';
import type { CarrierIdentity, StatementDocument } from './statement-pdf';

/**
 * Documents with made-up figures, for the renderers' tests and the bench
 * (scripts/bench/statement-pdf.ts): names in both scripts, every kind of line.
 */

export const SAMPLE_CARRIER: CarrierIdentity = {
  legalName: 'Atlas Freight SARL',
  address: '12, boulevard Zerktouni, 20250 Casablanca',
  ice: '001234567000089',
  if: '12345678',
  rc: 'Casablanca 456789',
  tp: '34567890',
  patente: '45678901',
};

export const SAMPLE_ARABIC_RECEIVER = 'محمد العلوي';

const RECEIVERS = [
  SAMPLE_ARABIC_RECEIVER,
  'Fatima Zahra Bennani',
  'يوسف الإدريسي',
  'Karim El Amrani',
];

/** A statement of `lineCount` parcels, each 350 Dh collected less 35 Dh of fees. */
export function sampleStatement(lineCount: number, language: Locale = 'fr'): StatementDocument {
  const lines = Array.from({ length: lineCount }, (_, index) => ({
    trackingNumber: `AT-2026-${String(index + 1).padStart(6, '0')}`,
    receiverName: RECEIVERS[index % RECEIVERS.length]!,
    date: new Date(Date.UTC(2026, 10, 1 + (index % 28), 10)),
    description: index % 2 === 0 ? 'Casablanca → Rabat' : 'Marrakech → Agadir',
    codCentimes: 35_000,
    feesCentimes: -3_500,
    netCentimes: 31_500,
  }));
  return {
    language,
    carrier: SAMPLE_CARRIER,
    merchant: {
      name: 'Boutique Nour',
      ice: '002345678000012',
      ribHolder: 'Nour Commerce SARL',
      ribMasked: '•••• •••• •••• •••• 1234 56',
    },
    payout: {
      number: 'PO-2026-000042',
      createdAt: new Date(Date.UTC(2026, 10, 30, 9)),
      paidAt: new Date(Date.UTC(2026, 11, 1, 9)),
      reference: 'VIR-20261201-0042',
    },
    lines,
    totals: {
      codCentimes: 35_000 * lineCount,
      feesCentimes: -3_500 * lineCount,
      netCentimes: 31_500 * lineCount,
    },
  };
}

/** An invoice of November 2026: 1 234,56 MAD TTC at 20 % of VAT. */
export function sampleInvoice(): InvoiceDocument {
  return {
    kind: 'invoice',
    number: 'FA-2026-000001',
    issuedAt: new Date(Date.UTC(2026, 11, 1, 6)),
    period: { from: new Date('2026-10-31T23:00:00Z'), to: new Date('2026-11-30T23:00:00Z') },
    creditedInvoiceNumber: null,
    reason: null,
    carrier: SAMPLE_CARRIER,
    customer: {
      name: 'شركة النور للتجارة',
      address: '5, rue Ibn Batouta, Rabat',
      ice: '002345678000012',
    },
    lines: [
      {
        description: 'Frais de livraison',
        reference: 'AT-2026-000001',
        quantity: 1,
        unitTtcCentimes: 4_500,
        totalTtcCentimes: 4_500,
      },
      {
        description: 'Frais de livraison',
        reference: 'AT-2026-000002',
        quantity: 1,
        unitTtcCentimes: 9_000,
        totalTtcCentimes: 9_000,
      },
      {
        description: 'Frais de contre-remboursement (2 % des montants encaissés)',
        reference: null,
        quantity: 1,
        unitTtcCentimes: 109_956,
        totalTtcCentimes: 109_956,
      },
    ],
    vatRatePercent: 20,
    totals: { htCentimes: 102_880, vatCentimes: 20_576, ttcCentimes: 123_456 },
  };
}
