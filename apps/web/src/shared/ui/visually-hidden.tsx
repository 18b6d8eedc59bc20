import type { ReactNode } from 'react';

/** Text for screen readers only (names an icon-only control or an otherwise empty header). */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => (
  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' }}>
    {children}
  </span>
);
