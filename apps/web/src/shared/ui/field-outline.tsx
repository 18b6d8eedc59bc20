import { theme } from 'antd';
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
export const FieldOutline = ({ width, placeholder, value, style }: OutlineProps) => {
  // The app's theme (app/providers.tsx THEME) as antd draws its inputs with it.
  const { token } = theme.useToken();
  return (
    <span
      aria-busy="true"
      style={{
        display: 'inline-block',
        boxSizing: 'border-box',
        height: token.controlHeight,
        width,
        padding: `0 ${token.paddingSM - token.lineWidth}px`,
        border: `${token.lineWidth}px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: value === undefined ? token.colorTextPlaceholder : token.colorText,
        lineHeight: `${token.controlHeight - 2 * token.lineWidth}px`,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        verticalAlign: 'top',
        ...style,
      }}
    >
      {value ?? placeholder}
    </span>
  );
};

/**
 * A filter bar's field once the page's first draw is on screen (`painted`, useAfterFirstPaint), its
 * outline until then: antd's selects and inputs cost a list page's first draw tens of milliseconds
 * before any row, and a person reads the rows before reaching for a filter.
 */
export const fieldAfterFirstPaint = (painted: boolean, outline: OutlineProps, field: ReactNode): ReactNode =>
  painted ? field : <FieldOutline {...outline} />;
