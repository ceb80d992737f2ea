import { describe, expect, it } from 'vitest';
import { anchorForStep } from './page-anchor';

const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
const idOf = (row: { id: string }) => row.id;

describe('anchorForStep', () => {
  it('reads the next page after the last row shown, the previous before the first', () => {
    expect(anchorForStep(4, 5, rows, idOf)).toEqual({ after: 'c' });
    expect(anchorForStep(4, 3, rows, idOf)).toEqual({ before: 'a' });
  });

  it('reads page 1, and pages reached by their number, by number', () => {
    expect(anchorForStep(2, 1, rows, idOf)).toBeUndefined();
    expect(anchorForStep(4, 6, rows, idOf)).toBeUndefined();
    expect(anchorForStep(4, 2, rows, idOf)).toBeUndefined();
  });

  it('has no anchor without rows shown', () => {
    expect(anchorForStep(4, 5, [], idOf)).toBeUndefined();
  });
});
