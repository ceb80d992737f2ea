import { describe, expect, it } from 'vitest';
import type { ScannedParcel } from '#shared/schemas/scanning-schemas';
import { addScannedParcel, handOverSheetLink } from './scanned-list';

const parcel = (id: string, driverId: string | null): ScannedParcel => ({
  id,
  trackingNumber: `MA-${id.slice(0, 4).toUpperCase()}-AAAA`,
  status: 'IN_TRANSIT',
  driverId,
  driverName: driverId && `Driver ${driverId}`,
  receiverName: null,
  deliveryCity: 'Rabat',
});

describe('addScannedParcel', () => {
  it('adds a new parcel at the end and refuses one already listed', () => {
    const first = addScannedParcel([], parcel('aaaa1', 'd1'));
    const second = addScannedParcel(first.list, parcel('bbbb2', 'd1'));
    expect(second.added).toBe(true);
    expect(second.list.map((p) => p.id)).toEqual(['aaaa1', 'bbbb2']);
    const again = addScannedParcel(second.list, parcel('aaaa1', 'd1'));
    expect(again.added).toBe(false);
    expect(again.list).toBe(second.list);
  });
});

describe('handOverSheetLink', () => {
  it('names the parcels, and the driver when they all share one', () => {
    expect(handOverSheetLink([parcel('aaaa1', 'd1'), parcel('bbbb2', 'd1')])).toBe(
      '/admin/manifests/new?orders=aaaa1,bbbb2&driver=d1',
    );
  });

  it('leaves the driver out when the parcels have several, or none', () => {
    expect(handOverSheetLink([parcel('aaaa1', 'd1'), parcel('bbbb2', 'd2')])).toBe(
      '/admin/manifests/new?orders=aaaa1,bbbb2',
    );
    expect(handOverSheetLink([parcel('aaaa1', null), parcel('bbbb2', null)])).toBe(
      '/admin/manifests/new?orders=aaaa1,bbbb2',
    );
    expect(handOverSheetLink([parcel('aaaa1', 'd1'), parcel('bbbb2', null)])).toBe(
      '/admin/manifests/new?orders=aaaa1,bbbb2',
    );
  });
});
