import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';

/**
 * One cell of the month grid. Focus moves with the arrow keys (the grid handles them); Enter, F2,
 * a double click or typing a digit opens the editor; Enter saves, Escape cancels, Tab saves.
 */
export const MonthCell = ({
  cellKey,
  display,
  value,
  label,
  active,
  editing,
  editable,
  spread,
  firstKey,
  onActivate,
  onEdit,
  onSave,
  onCancel,
  note,
  className,
}: {
  cellKey: string;
  display: string;
  /** The text put in the editor (dollars). */
  value: string;
  label: string;
  active: boolean;
  editing: boolean;
  editable: boolean;
  /** Shown as the even spread of an unphased item, not a phasing of its own. */
  spread: boolean;
  /** The key that opened the editor, when it was a digit: the editor starts with it. */
  firstKey: string | null;
  onActivate: () => void;
  onEdit: () => void;
  onSave: (text: string) => void;
  onCancel: () => void;
  /** What the screen reader hears after the amount, instead of the spread note (the Forecast view: “entered”, “closed”…). */
  note?: string;
  /** Extra classes of the cell (the Forecast view marks closed months). */
  className?: string;
}) => {
  const [draft, setDraft] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  // The amount the edit began from (DESIGN.md §13): a colleague's change arriving live while this cell
  // is typed in neither replaces the draft nor is saved over unseen — the first Enter says so, the next saves.
  const began = useRef<string | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  // Focused in the same commit as it appears, so the keys typed right after the first are not lost.
  useLayoutEffect(() => {
    if (!editing) {
      began.current = null;
      setChangedMeanwhile(false);
      return;
    }
    if (began.current !== null) return;
    began.current = value;
    setDraft(firstKey ?? value);
    inputRef.current?.focus();
    if (!firstKey) inputRef.current?.select();
  }, [editing, firstKey, value]);

  if (editing) {
    const save = () => {
      if (began.current !== null && began.current !== value && draft.trim() !== value.trim()) {
        began.current = value;
        setChangedMeanwhile(true);
        return;
      }
      onSave(draft);
    };
    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      event.stopPropagation();
      if (event.key === 'Enter' || event.key === 'Tab') {
        if (event.key === 'Enter') event.preventDefault();
        save();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        onCancel();
      }
    };
    return (
      <td className="month-grid-cell num">
        <input
          ref={inputRef}
          className="month-grid-input"
          aria-label={label}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={save}
          aria-invalid={changedMeanwhile || undefined}
          title={
            changedMeanwhile
              ? `Someone changed this to ${value} while you typed: Enter saves yours over it, Escape keeps theirs.`
              : undefined
          }
          style={changedMeanwhile ? { outline: '2px solid #d4380d' } : undefined}
        />
        {changedMeanwhile ? (
          <span
            className="visually-hidden"
            role="status"
          >{`Someone changed ${label} to ${value} while you typed: Enter saves yours over it, Escape keeps theirs.`}</span>
        ) : null}
      </td>
    );
  }
  return (
    <td
      tabIndex={active ? 0 : -1}
      data-cell={cellKey}
      aria-label={`${label}: ${display}${note !== undefined ? note : spread ? ' (spread evenly; not phased)' : ''}`}
      className={`month-grid-cell num${spread ? ' spread' : ''}${active ? ' active' : ''}${editable ? ' editable' : ''}${className ? ` ${className}` : ''}`}
      onFocus={onActivate}
      onDoubleClick={editable ? onEdit : undefined}
    >
      {display}
    </td>
  );
};
