import { describe, expect, it } from 'vitest';
import { code128Bars, qrModules } from './barcode-drawing';

const BOX = { left: 20, top: 100, width: 250, height: 60 };

describe('code128Bars', () => {
  it('centres the bars in the box with ten narrow bars of quiet zone on each side', () => {
    const bars = code128Bars('MA-7K3P-Q9XD', BOX);
    const narrowest = Math.min(...bars.map((bar) => bar.width));
    const first = bars[0]!;
    const last = bars.at(-1)!;
    const leftGap = first.left - BOX.left;
    const rightGap = BOX.left + BOX.width - (last.left + last.width);

    expect(leftGap).toBeCloseTo(rightGap, 6);
    expect(leftGap).toBeGreaterThanOrEqual(10 * narrowest - 1e-6);
    for (const bar of bars) expect(bar).toMatchObject({ top: BOX.top, height: BOX.height });
    // Code 128 ends with its stop pattern's bar two modules wide.
    expect(last.width).toBeCloseTo(2 * narrowest, 6);
  });
});

describe('qrModules', () => {
  it('draws inside the square with four modules of quiet zone', () => {
    const square = { left: 10, top: 10, width: 100, height: 100 };
    const runs = qrModules('https://atlas-freight.example/track-shipment?n=MA-7K3P-Q9XD', square);
    const module = Math.min(...runs.map((run) => run.height));
    const lefts = runs.map((run) => run.left);
    const rights = runs.map((run) => run.left + run.width);

    expect(Math.min(...lefts) - square.left).toBeCloseTo(4 * module, 6);
    expect(square.left + square.width - Math.max(...rights)).toBeCloseTo(4 * module, 6);
    expect(Math.min(...runs.map((run) => run.top)) - square.top).toBeCloseTo(4 * module, 6);
    // The top left finder pattern: a first row of seven dark modules in one run.
    expect(runs[0]!.width).toBeCloseTo(7 * module, 6);
  });
});
