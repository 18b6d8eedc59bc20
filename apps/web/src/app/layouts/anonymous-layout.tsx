import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../../shared/ui/logo.tsx';

// Plain elements drawn like antd's Layout, Card and Typography: /login is the first page many visitors
// load, and antd's Card (with Tabs and Menu) and Typography (with Tooltip and ellipsis) weigh ~45 KB
// compressed there. Colours are the theme's (providers.tsx); the font comes from antd's App wrapper.
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.65)';

/** SPEC.md §2: anonymous screens share a layout with a logo and a footer. */
export const AnonymousLayout = () => (
  <div style={{ minHeight: '100vh', background: '#f3f5f9', display: 'flex', flexDirection: 'column' }}>
    <header style={{ display: 'flex', alignItems: 'center', height: 72, padding: '0 50px' }}>
      <Logo />
    </header>
    <main style={{ flex: 'auto', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '32px 16px' }}>
      <Outlet />
    </main>
    <footer style={{ textAlign: 'center', padding: '24px 50px', color: SECONDARY_TEXT }}>
      © {new Date().getFullYear()} Plansmith · Marketing plans and budgets ·{' '}
      {/* Underlined: a link inside a sentence must not be told apart by colour alone (WCAG 1.4.1). */}
      <a href="mailto:support@plansmith.test" style={{ textDecoration: 'underline' }}>
        support@plansmith.test
      </a>
    </footer>
  </div>
);

/** The card most anonymous screens sit in. */
export const AnonymousCard = ({ title, children, width = 440 }: { title: ReactNode; children: ReactNode; width?: number }) => (
  <section
    style={{
      boxSizing: 'border-box',
      width: '100%',
      maxWidth: width,
      background: '#fff',
      border: '1px solid #f0f0f0',
      borderRadius: 8,
      padding: 32,
    }}
  >
    {/* The page's one h1 (screen readers jump to it), drawn at antd's h2 size. */}
    <h1 style={{ margin: '0 0 0.5em', fontSize: 30, lineHeight: '38px', fontWeight: 600, color: 'rgba(0, 0, 0, 0.88)' }}>{title}</h1>
    {children}
  </section>
);

/** A secondary-text paragraph, as antd's Typography.Paragraph type="secondary" draws it. */
export const SecondaryParagraph = ({ children }: { children: ReactNode }) => (
  <p style={{ margin: '0 0 1em', color: SECONDARY_TEXT }}>{children}</p>
);
