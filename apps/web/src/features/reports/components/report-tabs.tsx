import { getHref } from '@plansmith/contract';
import { NavLink } from 'react-router';

const TAB_STYLE = { padding: '6px 2px', borderBottom: '2px solid transparent', color: 'inherit' } as const;
const CURRENT_STYLE = { ...TAB_STYLE, borderBottomColor: '#0958d9', color: '#0958d9', fontWeight: 600 } as const;

/** The two report screens, a link to each: the fixed budget categories report and the report builder. */
export const ReportTabs = () => (
  <nav aria-label="Reports" className="no-print" style={{ display: 'flex', gap: 24, marginBottom: 16, borderBottom: '1px solid #f0f0f0' }}>
    <NavLink to={getHref('reports')} end style={({ isActive }) => (isActive ? CURRENT_STYLE : TAB_STYLE)}>
      Budget categories
    </NavLink>
    <NavLink to={getHref('reportBuilder')} end style={({ isActive }) => (isActive ? CURRENT_STYLE : TAB_STYLE)}>
      Report builder
    </NavLink>
  </nav>
);
