import { Link } from 'react-router';

export const Logo = ({ inverted = false }: { inverted?: boolean }) => (
  <Link to="/" aria-label="Plansmith home" style={{ display: 'inline-flex', alignItems: 'center', gap: 10, textDecoration: 'none' }}>
    <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0958d9" />
      <path d="M8 22V10h7.5a4.5 4.5 0 0 1 0 9H12" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="23" cy="22" r="2.5" fill="#ffd666" />
    </svg>
    <span style={{ fontSize: 20, fontWeight: 700, color: inverted ? '#fff' : '#1f1f1f', letterSpacing: -0.3 }}>Plansmith</span>
  </Link>
);
