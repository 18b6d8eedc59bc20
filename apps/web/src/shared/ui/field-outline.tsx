import type { CSSProperties, ReactNode } from 'react';

type OutlineProps = {
  width: number;
  /** The field's placeholder, drawn in the placeholder's colour. */
  placeholder?: string;
  /** Or the value the field will show, drawn in the text's colour. */
  value?: string;
  style?: CSSProperties;
};

/**
 * An empty field's outline, antd's middle-size input box with its placeholder or value, that holds
 * a field's place until the field itself is drawn (no layout shift when it is). Not a field: nothing
 * to label or focus, so assistive technology is told it is busy instead.
 */
export const FieldOutline = ({ width, placeholder, value, style }: OutlineProps) => (
  <span
    aria-busy="true"
    style={{
      display: 'inline-block',
      boxSizing: 'border-box',
      height: 32,
      width,
      padding: '0 11px',
      border: '1px solid #d9d9d9',
      borderRadius: 6,
      background: '#fff',
      color: value === undefined ? 'rgba(0, 0, 0, 0.58)' : 'rgba(0, 0, 0, 0.88)',
      lineHeight: '30px',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      verticalAlign: 'top',
      ...style,
    }}
  >
    {value ?? placeholder}
  </span>
);

/**
 * A filter bar's field once the page's first draw is on screen (`painted`, useAfterFirstPaint), its
 * outline until then: antd's selects and inputs cost a list page's first draw tens of milliseconds
 * before any row, and a person reads the rows before reaching for a filter.
 */
export const fieldAfterFirstPaint = (painted: boolean, outline: OutlineProps, field: ReactNode): ReactNode =>
  painted ? field : <FieldOutline {...outline} />;
