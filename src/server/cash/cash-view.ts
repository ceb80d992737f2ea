import { cashShortfallCentimes, centimesToMad } from '#shared/money';
import type { CashLedgerRow, CashRemittance, FlaggedCashOrder } from '#shared/schemas/cash-schemas';
import type { CsvColumn } from '../http/csv';
import type { CashLedgerDbRow, FlaggedOrderDbRow, RemittanceDbRow } from './cash-queries';

export function toCashLedgerRow(row: CashLedgerDbRow): CashLedgerRow {
  return {
    driverId: row.driverId,
    driverName: row.driverName,
    phone: row.phone,
    truckNumber: row.truckNumber,
    active: row.deactivatedAt === null,
    collected: centimesToMad(row.collectedCentimes),
    handedIn: centimesToMad(row.handedInCentimes),
    outstanding: centimesToMad(row.outstandingCentimes),
    flaggedOrders: row.flaggedOrders,
    shortfall: centimesToMad(row.shortfallCentimes),
  };
}

export function toCashRemittance(row: RemittanceDbRow): CashRemittance {
  return {
    id: row.id,
    driverId: row.driverId,
    driverName: row.driverName,
    amount: centimesToMad(row.amountCentimes),
    note: row.note,
    recordedBy: row.recordedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toFlaggedCashOrder(row: FlaggedOrderDbRow): FlaggedCashOrder {
  // Only rows with cash collected are flagged (cash-queries.ts); 0 keeps the type honest.
  const collectedCentimes = row.collectedCentimes ?? 0;
  return {
    orderId: row.orderId,
    trackingNumber: row.trackingNumber,
    driverId: row.driverId,
    driverName: row.driverName,
    price: centimesToMad(row.priceCentimes),
    collected: centimesToMad(collectedCentimes),
    shortfall: centimesToMad(cashShortfallCentimes(row.priceCentimes, collectedCentimes) ?? 0),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Amounts in the CSV are plain MAD figures with two decimals, for a spreadsheet to add up. */
const mad = (amount: number) => amount.toFixed(2);

export const cashLedgerCsvColumns: CsvColumn<CashLedgerRow>[] = [
  { header: 'Driver ID', value: (row) => row.driverId },
  { header: 'Driver name', value: (row) => row.driverName },
  { header: 'Driver phone', value: (row) => row.phone },
  { header: 'Truck ID', value: (row) => row.truckNumber ?? '' },
  { header: 'Active', value: (row) => (row.active ? 'yes' : 'no') },
  { header: 'Collected (MAD)', value: (row) => mad(row.collected) },
  { header: 'Handed in (MAD)', value: (row) => mad(row.handedIn) },
  { header: 'Outstanding (MAD)', value: (row) => mad(row.outstanding) },
  { header: 'Flagged orders', value: (row) => row.flaggedOrders },
  { header: 'Shortfall (MAD)', value: (row) => mad(row.shortfall) },
];

export const cashRemittanceCsvColumns: CsvColumn<CashRemittance>[] = [
  { header: 'Remittance ID', value: (row) => row.id },
  { header: 'Driver ID', value: (row) => row.driverId },
  { header: 'Driver name', value: (row) => row.driverName },
  { header: 'Amount (MAD)', value: (row) => mad(row.amount) },
  { header: 'Note', value: (row) => row.note ?? '' },
  { header: 'Recorded by', value: (row) => row.recordedBy ?? '' },
  { header: 'Recorded at', value: (row) => row.createdAt },
];

export const flaggedCashOrderCsvColumns: CsvColumn<FlaggedCashOrder>[] = [
  { header: 'Order ID', value: (row) => row.orderId },
  { header: 'Tracking number', value: (row) => row.trackingNumber },
  { header: 'Driver ID', value: (row) => row.driverId },
  { header: 'Driver name', value: (row) => row.driverName },
  { header: 'Price (MAD)', value: (row) => mad(row.price) },
  { header: 'Collected (MAD)', value: (row) => mad(row.collected) },
  { header: 'Shortfall (MAD)', value: (row) => mad(row.shortfall) },
  { header: 'Delivered at', value: (row) => row.deliveredAt ?? '' },
];
