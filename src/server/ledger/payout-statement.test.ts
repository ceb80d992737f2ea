import { describe, expect, it } from 'vitest';
import { buildStatementDocument, maskRib, type PaidEntry } from './payout-statement';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));

const entry = (overrides: Partial<PaidEntry>): PaidEntry => ({
  type: 'cod_collected',
  amountCentimes: 0,
  orderId: null,
  reason: null,
  createdAt: at(0),
  trackingNumber: null,
  receiverName: null,
  ...overrides,
});

const parcel = (orderId: string, trackingNumber: string, receiverName: string) => ({
  orderId,
  trackingNumber,
  receiverName,
});

describe('buildStatementDocument', () => {
  const document = buildStatementDocument({
    language: 'fr',
    carrier: {
      legalName: 'Atlas Freight SARL',
      address: 'Casablanca',
      ice: '001234567000089',
      if: '1',
      rc: '2',
      tp: '3',
      patente: '4',
    },
    merchant: { name: 'Souk Bladi', ice: null },
    payout: {
      number: 'PO-2026-000001',
      createdAt: at(30),
      paidAt: null,
      reference: null,
      rib: '011780000012345678901234',
      ribHolder: 'Souk Bladi SARL',
    },
    entries: [
      entry({ ...parcel('a', 'MA-AAAA-0001', 'محمد العلوي'), amountCentimes: 20_000 }),
      entry({
        ...parcel('a', 'MA-AAAA-0001', 'محمد العلوي'),
        type: 'delivery_fee',
        amountCentimes: -3_500,
      }),
      entry({
        ...parcel('a', 'MA-AAAA-0001', 'محمد العلوي'),
        type: 'cod_fee',
        amountCentimes: -400,
      }),
      entry({
        type: 'adjustment',
        amountCentimes: 1_000,
        reason: 'Geste commercial',
        createdAt: at(5),
      }),
      entry({ ...parcel('b', 'MA-BBBB-0002', 'Karim'), amountCentimes: 5_000, createdAt: at(10) }),
    ],
    describe: (line) =>
      line.kind === 'adjustment'
        ? `Ajustement : ${line.reason}`
        : line.kind === 'delivery'
          ? 'Colis livré'
          : 'Colis retourné',
  });

  it('groups each parcel’s rows into one line: COD, fees (negative) and net', () => {
    expect(document.lines).toEqual([
      {
        trackingNumber: 'MA-AAAA-0001',
        receiverName: 'محمد العلوي',
        date: at(0),
        description: 'Colis livré',
        codCentimes: 20_000,
        feesCentimes: -3_900,
        netCentimes: 16_100,
      },
      {
        trackingNumber: 'MA-BBBB-0002',
        receiverName: 'Karim',
        date: at(10),
        description: 'Colis livré',
        codCentimes: 5_000,
        feesCentimes: 0,
        netCentimes: 5_000,
      },
      {
        trackingNumber: null,
        receiverName: null,
        date: at(5),
        description: 'Ajustement : Geste commercial',
        codCentimes: 0,
        feesCentimes: 0,
        netCentimes: 1_000,
      },
    ]);
  });

  it('totals what the lines add up to: the payout’s amount', () => {
    expect(document.totals).toEqual({
      codCentimes: 25_000,
      feesCentimes: -3_900,
      netCentimes: 22_100,
    });
  });

  it('shows the frozen holder and only the last digits of the account', () => {
    expect(document.merchant).toEqual({
      name: 'Souk Bladi',
      ice: null,
      ribHolder: 'Souk Bladi SARL',
      ribMasked: '**** 1234',
    });
    expect(maskRib('011780000012345678901234')).toBe('**** 1234');
    expect(document.payout).toEqual({
      number: 'PO-2026-000001',
      createdAt: at(30),
      paidAt: null,
      reference: null,
    });
  });
});
