import { startTransition, useEffect, useState } from 'react';

/**
 * A long list's first rows alone on its first draw, the rest in the next render, which React may
 * pause (a transition): the rows on screen paint without waiting for the ones below the fold. Only
 * the first list a component shows is drawn so; later ones (another page, a refetch) are drawn whole.
 */
export const useFirstRowsFirst = <T>(rows: readonly T[], first: number): readonly T[] => {
  const [whole, setWhole] = useState(false);
  const split = !whole && rows.length > first;
  useEffect(() => {
    if (split) startTransition(() => setWhole(true));
  }, [split]);
  return split ? rows.slice(0, first) : rows;
};
