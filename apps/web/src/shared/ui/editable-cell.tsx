import type { InputRef } from 'antd';
// Input directly: antd's Input namespace also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './editable-cell.css';

/**
 * A value edited in place with the keyboard: Enter (or a click) starts editing, Enter saves,
 * Escape cancels, Tab saves and moves on. `onSave` resolves false to keep editing.
 * The same behaviour as the budget grid's cell, shared for the funnel and forecast screens.
 */
export const EditableCell = ({
  value,
  display,
  shown,
  label,
  disabled,
  align = 'left',
  cellId,
  color,
  title,
  onSave,
}: {
  /** The text put in the editor. */
  value: string;
  display: string;
  /** What the cell shows instead of `display` (e.g. an amount with its base one beneath); `display` stays its spoken text. */
  shown?: ReactNode;
  /** What is edited, for assistive technology: "Conversion rate of Lead". */
  label: string;
  disabled?: boolean;
  align?: 'left' | 'right';
  /** Marks the cell for a grid's arrow-key navigation. */
  cellId?: string;
  color?: string;
  title?: string;
  onSave: (text: string) => Promise<boolean>;
}) => {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<InputRef>(null);
  const settled = useRef(false);
  const typedFirst = useRef(false);
  // Set when an edit ends from the keyboard: the button takes focus back in the commit that shows
  // it, before anything else can run (a frame later, a quick arrow key could be pulled back here).
  const refocusButton = useRef(false);
  // What the edit started from (DESIGN.md §13): a colleague's change arriving live re-renders the grid
  // with their value and version while this cell is being typed in; saving still goes out with the
  // version read when editing began (a 409 and the merge dialog, not a silent overwrite), and a draft
  // left as it began is not sent over their value.
  const latest = useRef({ value, onSave });
  latest.current = { value, onSave };
  const began = useRef(latest.current);

  useLayoutEffect(() => {
    if (editing || !refocusButton.current) return;
    refocusButton.current = false;
    buttonRef.current?.focus();
  }, [editing]);

  useEffect(() => {
    if (!editing) return;
    if (typedFirst.current) inputRef.current?.focus({ cursor: 'end' });
    else inputRef.current?.select();
  }, [editing]);

  const start = (initial = value) => {
    if (disabled) return;
    settled.current = false;
    began.current = latest.current;
    typedFirst.current = initial !== value;
    setDraft(initial);
    setEditing(true);
  };

  const finish = async (mode: 'save' | 'cancel', refocus: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (mode === 'save' && draft.trim() !== began.current.value.trim()) {
      setSaving(true);
      const ok = await began.current.onSave(draft);
      setSaving(false);
      if (!ok) {
        settled.current = false;
        // A refused save (a 409 the person has now seen) is tried again from what the grid shows now.
        began.current = latest.current;
        if (refocus) inputRef.current?.focus();
        return;
      }
    }
    refocusButton.current = refocus;
    setEditing(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Arrow keys move the caret while editing, not the grid's focus.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      void finish('save', true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      void finish('cancel', true);
    }
    // Tab: the browser moves focus on; the blur saves.
  };

  if (editing) {
    return (
      <Input
        ref={inputRef}
        size="small"
        aria-label={label}
        value={draft}
        disabled={saving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void finish('save', false)}
        style={{ textAlign: align }}
      />
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      className="inline-edit-button"
      data-cell={cellId}
      aria-label={`${label}: ${display}${disabled ? '' : '. Press Enter to edit'}`}
      title={title}
      onClick={() => start()}
      onKeyDown={(event) => {
        // Typing a digit starts editing with it, as in a spreadsheet.
        if (!disabled && /^[0-9.]$/.test(event.key) && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          start(event.key);
        }
      }}
      disabled={disabled}
      style={{ textAlign: align, color }}
    >
      {shown ?? display}
    </button>
  );
};
