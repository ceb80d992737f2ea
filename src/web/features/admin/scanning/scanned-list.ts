import type { ScannedParcel } from '#shared/schemas/scanning-schemas';

/**
 * The office's continuous scanning (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"):
 * each parcel scanned joins a list once, and the list opens a new hand-over sheet.
 */

/** Adds a parcel unless it is listed already; the list keeps the order of scanning. */
export function addScannedParcel(
  list: readonly ScannedParcel[],
  parcel: ScannedParcel,
): { added: boolean; list: readonly ScannedParcel[] } {
  if (list.some((listed) => listed.id === parcel.id)) return { added: false, list };
  return { added: true, list: [...list, parcel] };
}

/**
 * The new hand-over sheet's page with these parcels (`orders`), and their driver (`driver`) when
 * they all have the same one.
 */
export function handOverSheetLink(list: readonly ScannedParcel[]): string {
  const params = new URLSearchParams({ orders: list.map((parcel) => parcel.id).join(',') });
  const drivers = new Set(list.map((parcel) => parcel.driverId));
  const [driverId] = drivers;
  if (drivers.size === 1 && driverId) params.set('driver', driverId);
  // The ids are uuids and commas: kept readable rather than percent-encoded.
  return `/admin/manifests/new?${params.toString().replaceAll('%2C', ',')}`;
}
