import { describe, expect, it } from 'vitest';
import {
  localDay,
  readLoadTicks,
  scanIntoLoad,
  summariseLoad,
  writeLoadTicks,
  type LoadParcel,
} from './load-check';

const load: LoadParcel[] = [
  { id: 'a', trackingNumber: 'MA-AAAA-AAAA' },
  { id: 'b', trackingNumber: 'MA-BBBB-BBBB' },
  { id: 'c', trackingNumber: 'MA-CCCC-CCCC' },
];

/** A Storage in memory, as the browser's behaves for these calls. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('scanIntoLoad', () => {
  it('ticks a parcel of the load, read from its number in any form or its QR link', () => {
    const first = scanIntoLoad(load, new Set(), ' ma-bbbb-bbbb ');
    expect(first.scan).toEqual({ outcome: 'ticked', parcel: load[1] });
    expect([...first.ticked]).toEqual(['b']);
    const second = scanIntoLoad(
      load,
      first.ticked,
      'https://atlas.example.ma/track-shipment?n=MA-CCCC-CCCC',
    );
    expect(second.scan.outcome).toBe('ticked');
    expect([...second.ticked].sort()).toEqual(['b', 'c']);
  });

  it('says so when a parcel is scanned a second time, and changes nothing', () => {
    const ticked = new Set(['a']);
    const again = scanIntoLoad(load, ticked, 'MA-AAAA-AAAA');
    expect(again.scan).toEqual({ outcome: 'already', parcel: load[0] });
    expect(again.ticked).toBe(ticked);
  });

  it('reports a code that is none of the load', () => {
    const ticked = new Set<string>();
    const other = scanIntoLoad(load, ticked, ' MA-ZZZZ-ZZZZ ');
    expect(other.scan).toEqual({ outcome: 'notInLoad', code: 'MA-ZZZZ-ZZZZ' });
    expect(other.ticked).toBe(ticked);
  });
});

describe('summariseLoad', () => {
  it('counts the scanned and lists the missing, ignoring ticks of parcels no longer loaded', () => {
    const summary = summariseLoad(load, new Set(['a', 'gone']));
    expect(summary.total).toBe(3);
    expect(summary.scanned).toBe(1);
    expect(summary.missing.map((parcel) => parcel.id)).toEqual(['b', 'c']);
  });
});

describe('load ticks on the phone', () => {
  it("keeps a driver's ticks for the day, apart from another driver's", () => {
    const storage = memoryStorage();
    writeLoadTicks(storage, 'driver-1', '2026-11-27', new Set(['a', 'b']));
    writeLoadTicks(storage, 'driver-2', '2026-11-27', new Set(['c']));
    expect([...readLoadTicks(storage, 'driver-1', '2026-11-27')]).toEqual(['a', 'b']);
    expect([...readLoadTicks(storage, 'driver-2', '2026-11-27')]).toEqual(['c']);
  });

  it('starts a new day unticked and forgets the earlier days', () => {
    const storage = memoryStorage();
    writeLoadTicks(storage, 'driver-1', '2026-11-26', new Set(['a']));
    expect(readLoadTicks(storage, 'driver-1', '2026-11-27').size).toBe(0);
    writeLoadTicks(storage, 'driver-1', '2026-11-27', new Set(['b']));
    expect(readLoadTicks(storage, 'driver-1', '2026-11-26').size).toBe(0);
    expect(storage.length).toBe(1);
  });

  it('reads garbled storage as no ticks', () => {
    const storage = memoryStorage();
    storage.setItem('driver.loadCheck.driver-1.2026-11-27', '{not json');
    expect(readLoadTicks(storage, 'driver-1', '2026-11-27').size).toBe(0);
    storage.setItem('driver.loadCheck.driver-1.2026-11-27', '["a", 3]');
    expect([...readLoadTicks(storage, 'driver-1', '2026-11-27')]).toEqual(['a']);
  });

  it("names the phone's local day", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
