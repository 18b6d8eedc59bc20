/**
 * The first paint while the route's code loads: the page background and a quiet status line, in
 * plain elements (no antd yet), so the screen is not blank and nothing is laid out to move later.
 */
export const RouteFallback = () => (
  <div style={{ minHeight: '100vh', background: '#f7f8fa' }}>
    <div role="status" aria-live="polite" style={{ padding: 24, color: 'rgba(0, 0, 0, 0.6)', fontSize: 14 }}>
      Loading Plansmith…
    </div>
  </div>
);
