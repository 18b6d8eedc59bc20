/** A cell of the month grid: its row among the grid's rows, its column (-1 is Budget, 0… the periods). */
export type GridCell = { row: number; col: number };

export type GridShape = {
  rowCount: number;
  /** The first column (Budget) and the last (the last period). */
  firstCol: number;
  lastCol: number;
  /** Only item rows hold cells that take the focus; category subtotal rows are passed over. */
  isCellRow: (row: number) => boolean;
};

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export const isArrowKey = (key: string): boolean => key in ARROWS;

const clampCol = (col: number, shape: GridShape) => Math.min(shape.lastCol, Math.max(shape.firstCol, col));

/** The nearest row holding cells from `row` in `step`'s direction (row itself first), or null. */
const cellRowFrom = (row: number, step: 1 | -1, shape: GridShape): number | null => {
  for (let next = row; next >= 0 && next < shape.rowCount; next += step) if (shape.isCellRow(next)) return next;
  return null;
};

/**
 * Where an arrow key moves the active cell (issue 28 B1): up and down skip the category rows (they
 * cannot take the focus) and keep the column; left and right stay in the row. At an edge the cell
 * stays where it is, so the highlight and the keyboard never part.
 */
export const moveCell = (from: GridCell, key: string, shape: GridShape): GridCell => {
  const arrow = ARROWS[key];
  if (!arrow) return from;
  const [rowStep, colStep] = arrow;
  const col = clampCol(from.col + colStep, shape);
  if (rowStep === 0) return { row: from.row, col };
  const row = cellRowFrom(from.row + rowStep, rowStep === 1 ? 1 : -1, shape);
  return row === null ? { row: from.row, col } : { row, col };
};

/**
 * The active cell made valid for the grid as it is now (rows filtered, the view switched to
 * quarters): an item row (the next one down, else up) and a column that exists. Null when no row
 * holds cells.
 */
export const fitCell = (cell: GridCell, shape: GridShape): GridCell | null => {
  const row =
    cellRowFrom(Math.min(cell.row, shape.rowCount - 1), 1, shape) ?? cellRowFrom(Math.min(cell.row, shape.rowCount - 1), -1, shape);
  return row === null ? null : { row, col: clampCol(cell.col, shape) };
};
