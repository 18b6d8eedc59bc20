import type { InputRef } from 'antd';
// Input directly: antd's Input namespace also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * A value edited in place with the keyboard: Enter (or a click) starts editing, Enter saves,
 * Escape cancels, Tab saves and moves on to the next cell. `onSave` resolves false to keep editing.
 */
export const EditableCell = ({
  value,
  display,
  label,
  disabled,
  align = 'left',
  onSave,
}: {
  /** The text put in the editor. */
  value: string;
  display: string;
  /** What is edited, for assistive technology: "Amount of Paid search". */
  label: string;
  disabled?: boolean;
  align?: 'left' | 'right';
  onSave: (text: string) => Promise<boolean>;
}) => {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<InputRef>(null);
  const settled = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const start = () => {
    if (disabled) return;
    settled.current = false;
    setDraft(value);
    setEditing(true);
  };

  const finish = async (mode: 'save' | 'cancel', refocus: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (mode === 'save' && draft.trim() !== value.trim()) {
      setSaving(true);
      const ok = await onSave(draft);
      setSaving(false);
      if (!ok) {
        settled.current = false;
        if (refocus) inputRef.current?.focus();
        return;
      }
    }
    setEditing(false);
    if (refocus) requestAnimationFrame(() => buttonRef.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
      className="budget-cell-button"
      aria-label={`${label}: ${display}${disabled ? '' : '. Press Enter to edit'}`}
      onClick={start}
      disabled={disabled}
      style={{ textAlign: align }}
    >
      {display}
    </button>
  );
};
