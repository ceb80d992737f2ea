import { trackingNumberFromScan } from '#shared/scanned-code';

/**
 * "Check my load" (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"): the driver scans
 * every parcel in the van before leaving; each scan ticks one of their parcels on the road, and
 * the ones left unticked are missing. The ticks are the order ids scanned, kept per driver and per
 * day on the phone.
 */

export interface LoadParcel {
  id: string;
  trackingNumber: string;
}

/** What one scan did: ticked a parcel, found it ticked already, or found none of the load's. */
export type LoadScan =
  | { outcome: 'ticked'; parcel: LoadParcel }
  | { outcome: 'already'; parcel: LoadParcel }
  | { outcome: 'notInLoad'; code: string };

/** Applies one scan (or typed number) to the ticks; answers what it did and the ticks after. */
export function scanIntoLoad(
  load: readonly LoadParcel[],
  ticked: ReadonlySet<string>,
  scanned: string,
): { scan: LoadScan; ticked: ReadonlySet<string> } {
  const trackingNumber = trackingNumberFromScan(scanned);
  const parcel = load.find((candidate) => candidate.trackingNumber === trackingNumber);
  if (!parcel) return { scan: { outcome: 'notInLoad', code: scanned.trim() }, ticked };
  if (ticked.has(parcel.id)) return { scan: { outcome: 'already', parcel }, ticked };
  return { scan: { outcome: 'ticked', parcel }, ticked: new Set([...ticked, parcel.id]) };
}

/** How far the check is: parcels of today's load scanned, and those not yet (missing). */
export function summariseLoad(load: readonly LoadParcel[], ticked: ReadonlySet<string>) {
  const missing = load.filter((parcel) => !ticked.has(parcel.id));
  return { total: load.length, scanned: load.length - missing.length, missing };
}

/** The phone's own calendar day: a new day's load starts unticked. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const KEY_PREFIX = 'driver.loadCheck.';
const storageKeyOf = (userId: string, day: string) => `${KEY_PREFIX}${userId}.${day}`;

/** The ticks this driver made today on this phone (none when storage is blocked or garbled). */
export function readLoadTicks(storage: Storage, userId: string, day: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKeyOf(userId, day)) ?? '[]');
    return new Set(
      Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [],
    );
  } catch {
    return new Set();
  }
}

/** Keeps today's ticks and forgets this driver's earlier days', so storage does not grow. */
export function writeLoadTicks(
  storage: Storage,
  userId: string,
  day: string,
  ticked: ReadonlySet<string>,
): void {
  try {
    const today = storageKeyOf(userId, day);
    const earlierDays = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => !!key?.startsWith(`${KEY_PREFIX}${userId}.`) && key !== today,
    );
    for (const key of earlierDays) storage.removeItem(key);
    storage.setItem(today, JSON.stringify([...ticked]));
  } catch {
    // Storage full or blocked: the ticks still live in the page until it reloads.
  }
}
