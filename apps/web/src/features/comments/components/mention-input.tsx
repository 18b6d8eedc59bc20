import { COMMENT_MAX_LENGTH, type CommentTarget } from '@plansmith/contract';
import { Mentions } from 'antd';
import { useMemo } from 'react';
import { useMentionable } from '../api/mentionable-query.ts';

type Props = {
  /** What the comment is on: its readers are the people offered. */
  target: CommentTarget;
  value?: string;
  onChange?: (value: string) => void;
  rows?: number;
  placeholder?: string;
  'aria-label'?: string;
  id?: string;
};

// "@Ann" and "@Ann Le" keep the list open: a name is a first and a last name with one space.
const validateSearch = (text: string) => /^[^\s@]*( [^\s@]*)?$/.test(text) && text.length <= 80;

/**
 * A comment box that offers the people who can see the thing as you type `@` (antd Mentions).
 * Choosing one writes `@First Last`, the text the server looks for to mail that person.
 */
export const MentionInput = ({ target, value, onChange, rows = 2, placeholder, id, ...rest }: Props) => {
  const people = useMentionable(target).data;
  const options = useMemo(
    () =>
      (people ?? []).map((person) => {
        const name = `${person.FirstName} ${person.LastName}`;
        return { key: person.Id, value: name, label: name };
      }),
    [people],
  );
  return (
    <Mentions
      id={id}
      aria-label={rest['aria-label']}
      value={value ?? ''}
      onChange={onChange}
      options={options}
      prefix="@"
      validateSearch={validateSearch}
      rows={rows}
      autoSize={{ minRows: rows }}
      maxLength={COMMENT_MAX_LENGTH}
      placeholder={placeholder}
      notFoundContent="Nobody by that name can see this."
    />
  );
};
