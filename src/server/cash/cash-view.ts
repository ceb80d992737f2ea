import { cashOverCollectionCentimes, cashShortfallCentimes, centimesToMad } from '#shared/money';
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
    overCollection: centimesToMad(row.overCollectionCentimes),
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
    amountToCollect: centimesToMad(row.amountToCollectCentimes),
    collected: centimesToMad(collectedCentimes),
    shortfall: centimesToMad(
      cashShortfallCentimes(row.amountToCollectCentimes, collectedCentimes) ?? 0,
    ),
    overCollection: centimesToMad(
      cashOverCollectionCentimes(row.amountToCollectCentimes, collectedCentimes) ?? 0,
    ),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Amounts in the CSV are plain MAD figures with two decimals, for a spreadsheet to add up. */
const mad = (amount: number) => amount.toFixed(2);

export const cashLedgerCsvColumns: CsvColumn<CashLedgerRow>[] = [
  { header: 'csv.driver_id', value: (row) => row.driverId },
  { header: 'csv.driver_name', value: (row) => row.driverName },
  { header: 'csv.driver_phone', value: (row) => row.phone },
  { header: 'csv.truck_id', value: (row) => row.truckNumber ?? '' },
  { header: 'csv.active', value: (row) => (row.active ? 'yes' : 'no') },
  { header: 'csv.collected_mad', value: (row) => mad(row.collected) },
  { header: 'csv.handed_in_mad', value: (row) => mad(row.handedIn) },
  { header: 'csv.outstanding_mad', value: (row) => mad(row.outstanding) },
  { header: 'csv.flagged_orders', value: (row) => row.flaggedOrders },
  { header: 'csv.shortfall_mad', value: (row) => mad(row.shortfall) },
  { header: 'csv.over_collection_mad', value: (row) => mad(row.overCollection) },
];

export const cashRemittanceCsvColumns: CsvColumn<CashRemittance>[] = [
  { header: 'csv.remittance_id', value: (row) => row.id },
  { header: 'csv.driver_id', value: (row) => row.driverId },
  { header: 'csv.driver_name', value: (row) => row.driverName },
  { header: 'csv.amount_mad', value: (row) => mad(row.amount) },
  { header: 'csv.note', value: (row) => row.note ?? '' },
  { header: 'csv.recorded_by', value: (row) => row.recordedBy ?? '' },
  { header: 'csv.recorded_at', value: (row) => row.createdAt },
];

export const flaggedCashOrderCsvColumns: CsvColumn<FlaggedCashOrder>[] = [
  { header: 'csv.order_id', value: (row) => row.orderId },
  { header: 'csv.tracking_number', value: (row) => row.trackingNumber },
  { header: 'csv.driver_id', value: (row) => row.driverId },
  { header: 'csv.driver_name', value: (row) => row.driverName },
  { header: 'csv.price_mad', value: (row) => mad(row.price) },
  { header: 'order.csv_amount_to_collect_mad', value: (row) => mad(row.amountToCollect) },
  { header: 'csv.collected_mad', value: (row) => mad(row.collected) },
  { header: 'csv.shortfall_mad', value: (row) => mad(row.shortfall) },
  { header: 'csv.over_collection_mad', value: (row) => mad(row.overCollection) },
  { header: 'csv.delivered_at', value: (row) => row.deliveredAt ?? '' },
];
