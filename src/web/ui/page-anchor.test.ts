import { describe, expect, it } from 'vitest';
import { anchorForStep } from './page-anchor';

const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
const idOf = (row: { id: string }) => row.id;

describe('anchorForStep', () => {
  it('reads a later page after the last row shown, an earlier one before the first', () => {
    expect(anchorForStep(4, 5, rows, idOf)).toEqual({ after: 'c', anchorPage: 4 });
    expect(anchorForStep(4, 6, rows, idOf)).toEqual({ after: 'c', anchorPage: 4 });
    expect(anchorForStep(4, 3, rows, idOf)).toEqual({ before: 'a', anchorPage: 4 });
    expect(anchorForStep(4, 2, rows, idOf)).toEqual({ before: 'a', anchorPage: 4 });
  });

  it('reads page 1 by its number', () => {
    expect(anchorForStep(2, 1, rows, idOf)).toBeUndefined();
    expect(anchorForStep(3, 1, rows, idOf)).toBeUndefined();
  });

  it('has no anchor without rows shown, nor for the page itself', () => {
    expect(anchorForStep(4, 5, [], idOf)).toBeUndefined();
    expect(anchorForStep(4, 4, rows, idOf)).toBeUndefined();
  });
});
