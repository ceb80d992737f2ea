import { centimesToMad } from '#shared/money';
import type {
  Manifest,
  ManifestDetail,
  ManifestParcelCandidate,
} from '#shared/schemas/manifest-schemas';
import type { CarrierIdentity } from '../documents/carrier-identity';
import type { CsvColumn } from '../http/csv';
import type { ManifestDocument } from './manifest-pdf';
import type { CandidateRow, ListedManifestRow, ManifestLineRow } from './manifests-queries';

/** A sheet as the API answers it: money in MAD. */
export function toManifest(row: ListedManifestRow): Manifest {
  const { manifest } = row;
  return {
    id: manifest.id,
    number: manifest.number,
    kind: manifest.kind,
    createdAt: manifest.createdAt.toISOString(),
    driver:
      manifest.driverId && row.driverName !== null
        ? { id: manifest.driverId, name: row.driverName, phone: row.driverPhone ?? '' }
        : null,
    truckNumber: row.truckNumber,
    organization:
      manifest.organizationId && row.organizationName !== null
        ? { id: manifest.organizationId, name: row.organizationName }
        : null,
    parcelCount: manifest.parcelCount,
    totalToCollect: centimesToMad(manifest.totalToCollectCentimes),
  };
}

export function toManifestDetail(
  row: ListedManifestRow,
  lines: readonly ManifestLineRow[],
): ManifestDetail {
  return {
    ...toManifest(row),
    lines: lines.map((line) => ({
      position: line.position,
      orderId: line.orderId,
      trackingNumber: line.trackingNumber,
      receiverName: line.receiverName,
      receiverCity: line.receiverCity,
      amountToCollect: centimesToMad(line.amountToCollectCentimes),
    })),
  };
}

/** The sheet as the PDF prints it: its lines as they were kept when it was made. */
export function toManifestDocument(
  row: ListedManifestRow,
  lines: readonly ManifestLineRow[],
  carrier: CarrierIdentity,
): ManifestDocument {
  const { manifest } = row;
  return {
    kind: manifest.kind,
    number: manifest.number,
    createdAt: manifest.createdAt,
    carrier,
    driver: row.driverName !== null ? { name: row.driverName, phone: row.driverPhone ?? '' } : null,
    truckNumber: row.truckNumber,
    organization:
      manifest.kind === 'collection' && row.organizationName !== null
        ? {
            name: row.organizationName,
            pickupAddress: row.organizationPickupAddress,
            pickupCity: row.organizationPickupCity,
          }
        : null,
    lines: lines.map((line) => ({
      trackingNumber: line.trackingNumber,
      receiverName: line.receiverName,
      receiverCity: line.receiverCity,
      amountToCollectCentimes: line.amountToCollectCentimes,
    })),
    totalToCollectCentimes: manifest.totalToCollectCentimes,
  };
}

export function toCandidate(row: CandidateRow): ManifestParcelCandidate {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    status: row.status,
    receiverName: row.receiverName,
    receiverCity: row.receiverCity,
    amountToCollect: centimesToMad(row.amountToCollectCentimes),
    driver:
      row.driverId && row.driverName !== null ? { id: row.driverId, name: row.driverName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const manifestCsvColumns: readonly CsvColumn<Manifest>[] = [
  { header: 'manifest.csv_number', value: (row) => row.number },
  { header: 'manifest.csv_kind', value: (row) => row.kind },
  { header: 'manifest.csv_created_at', value: (row) => row.createdAt },
  { header: 'manifest.csv_driver', value: (row) => row.driver?.name ?? null },
  { header: 'manifest.csv_truck', value: (row) => row.truckNumber },
  { header: 'manifest.csv_organization', value: (row) => row.organization?.name ?? null },
  { header: 'manifest.csv_parcels', value: (row) => row.parcelCount },
  { header: 'manifest.csv_total_to_collect_mad', value: (row) => row.totalToCollect },
];
