import type { CSSProperties, ReactNode } from 'react';

/**
 * A white bordered panel drawn like antd's Card (small: 38 px head, 12 px body; default: 24 px
 * body). For first-screen pages: antd's Card brings its Tabs (and their Menu) along, ~14 KB compressed.
 */
export const Panel = ({
  title,
  size = 'default',
  style,
  children,
}: {
  title?: ReactNode;
  size?: 'small' | 'default';
  style?: CSSProperties;
  children: ReactNode;
}) => {
  const padding = size === 'small' ? 12 : 24;
  return (
    <section style={{ boxSizing: 'border-box', background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, ...style }}>
      {title ? (
        <div
          style={{
            minHeight: size === 'small' ? 38 : 56,
            padding: `0 ${padding}px`,
            display: 'flex',
            alignItems: 'center',
            fontWeight: 600,
            fontSize: size === 'small' ? 14 : 16,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {title}
        </div>
      ) : null}
      <div style={{ padding }}>{children}</div>
    </section>
  );
};
