import { Typography } from 'antd';
import type { ReactNode } from 'react';
import './keyboard-hint.css';

/** Which keys do what (arrows, Enter, Escape…), shown only where there is a pointer that hovers, not on touch screens. */
export const KeyboardHint = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" className="keyboard-hint">
    {children}
  </Typography.Text>
);
