import { describe, expect, it } from 'vitest';
import { importLabelParts } from './label-printing';

describe('importLabelParts', () => {
  it('gives no part for an import that created nothing, one up to 500', () => {
    expect(importLabelParts(0)).toEqual([]);
    expect(importLabelParts(1)).toEqual([{ part: 1, from: 1, to: 1 }]);
    expect(importLabelParts(500)).toEqual([{ part: 1, from: 1, to: 500 }]);
  });

  it('splits a larger import 500 to a part, the last one short', () => {
    expect(importLabelParts(1_201)).toEqual([
      { part: 1, from: 1, to: 500 },
      { part: 2, from: 501, to: 1_000 },
      { part: 3, from: 1_001, to: 1_201 },
    ]);
    expect(importLabelParts(5_000)).toHaveLength(10);
  });
});
