import type { ReactNode } from 'react';

/**
 * Recharts colours legend labels like their series; light series (Committed #ffd666 is 1.4:1 on white)
 * become unreadable. The swatch keeps the series colour; the label uses the body text colour.
 */
export const legendLabel = (value: ReactNode): ReactNode => <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>{value}</span>;
