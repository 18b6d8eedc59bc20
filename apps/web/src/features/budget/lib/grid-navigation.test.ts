import { describe, expect, it } from 'vitest';
import { fitCell, type GridShape, moveCell } from './grid-navigation.ts';

// Rows: 0 category, 1 item, 2 category, 3 category (empty after a filter), 4 item, 5 item; Budget and 12 months.
const shape: GridShape = { rowCount: 6, firstCol: -1, lastCol: 11, isCellRow: (row) => [1, 4, 5].includes(row) };

describe('moving the month grid’s active cell', () => {
  it('passes over every category row between two items, keeping the column', () => {
    expect(moveCell({ row: 1, col: 2 }, 'ArrowDown', shape)).toEqual({ row: 4, col: 2 });
    expect(moveCell({ row: 4, col: -1 }, 'ArrowUp', shape)).toEqual({ row: 1, col: -1 });
  });

  it('stays put at the grid’s edges instead of stepping onto a row or column that cannot show it', () => {
    expect(moveCell({ row: 1, col: 0 }, 'ArrowUp', shape)).toEqual({ row: 1, col: 0 });
    expect(moveCell({ row: 5, col: 11 }, 'ArrowDown', shape)).toEqual({ row: 5, col: 11 });
    expect(moveCell({ row: 5, col: 11 }, 'ArrowRight', shape)).toEqual({ row: 5, col: 11 });
    expect(moveCell({ row: 5, col: -1 }, 'ArrowLeft', shape)).toEqual({ row: 5, col: -1 });
  });

  it('fits a cell left behind by a filter or a switch to quarters onto an item row and an existing column', () => {
    expect(fitCell({ row: 2, col: 9 }, { ...shape, lastCol: 3 })).toEqual({ row: 4, col: 3 });
    expect(fitCell({ row: 9, col: 0 }, shape)).toEqual({ row: 5, col: 0 });
    expect(fitCell({ row: 0, col: 0 }, { ...shape, isCellRow: () => false })).toBeNull();
  });
});
