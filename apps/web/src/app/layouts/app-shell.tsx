import './app-shell.css';
import { BellOutlined, DownOutlined, KeyOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { getHref } from '@plansmith/contract';
import { App as AntdApp, Avatar, Badge, Button, Dropdown, Flex, Layout, Menu, Tooltip, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useApprovalCount } from '../../features/approvals/api/approvals-api.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { onboardingNeeded } from '../../features/onboarding/onboarding-needed.ts';
import { hasPolicy, usePermissions, useProfile, useTenant } from '../../shared/api/identity.ts';
import { useLiveChanges } from '../../shared/api/use-live-changes.ts';
import { setDisplayFormat } from '../../shared/format/display-format.ts';
import { paths, policyOf } from '@plansmith/contract';
import { Logo } from '../../shared/ui/logo.tsx';
import { LoadingState } from '../../shared/ui/query-state.tsx';
import { useAfterFirstPaint } from '../../shared/ui/use-after-first-paint.ts';
import { useNarrowScreen } from '../../shared/ui/use-narrow-screen.ts';
import { ContextBar } from '../context-bar.tsx';
import { NAVIGATION, titleOf } from '../navigation.tsx';

// The onboarding overlay (a Modal with Steps) floats over the page; its code loads only for someone
// with onboarding still ahead, after the shell.
const OnboardingOverlay = lazy(async () => ({
  default: (await import('../../features/onboarding/components/onboarding-overlay.tsx')).OnboardingOverlay,
}));

const NavDrawer = lazy(async () => ({ default: (await import('./nav-drawer.tsx')).NavDrawer }));

const selectedKeyFor = (pathname: string): string => {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  if (pathname.startsWith('/account/')) return pathname.split('/').slice(0, 3).join('/');
  return first;
};

/**
 * The side navigation, drawn once the page's first draw is on screen: its menu (~20 entries with
 * their icons) cost the first draw of /expenses and /budget tens of milliseconds before any row. The
 * side bar's width is fixed, so nothing moves when it appears.
 */
const AfterFirstPaint = ({ children }: { children: ReactNode }) => (useAfterFirstPaint() ? children : null);

/** The signed-in shell of DESIGN.md §6: navigation, context bar, user menu and tenant badge. */
export const AppShell = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const profile = useProfile();
  const tenant = useTenant();
  // Other people's changes reach every open screen within a second (DESIGN.md §13).
  useLiveChanges();
  // Every formatter follows the person's locale and the tenant's base currency (DESIGN.md §17). Set
  // here, before the page renders (idempotent); the page is drawn anew (its key) when they change:
  // a new choice on My Profile, or a browser that last showed someone else's format.
  const formatGeneration = setDisplayFormat({ locale: profile.data?.Locale, baseCurrency: tenant.data?.BaseCurrency });
  // Below antd's lg breakpoint (992 px) the side navigation becomes a drawer behind a menu button.
  const narrow = useNarrowScreen();
  const ahead = profile.data && tenant.data && permissions.data ? onboardingNeeded(profile.data, tenant.data, permissions.data) : null;
  const hasOnboardingAhead = ahead !== null && (ahead.setup || ahead.tour);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  // Choosing a page (or any navigation) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const openDrawer = () => {
    setDrawerLoaded(true);
    setDrawerOpen(true);
  };

  // The badge on Approvals: requests waiting for my decision (DESIGN.md §15), after the first paint.
  const afterFirstPaint = useAfterFirstPaint();
  const waitingForMe = useApprovalCount(afterFirstPaint).data?.WaitingForMe ?? 0;
  const menuItems = useMemo<MenuProps['items']>(
    () =>
      NAVIGATION.map((group) => ({
        type: 'group' as const,
        key: group.label,
        label: group.label,
        children: group.items
          .filter((item) => {
            const policy = policyOf(item.name);
            return !policy || hasPolicy(permissions.data, policy);
          })
          .map((item) => ({
            key: paths[item.name].pattern,
            icon: item.icon,
            label:
              item.name === 'approvals' && waitingForMe > 0 ? (
                <Link to={paths[item.name].pattern} aria-label={`Approvals, ${waitingForMe} waiting for you`}>
                  {titleOf(item.name)} <Badge count={waitingForMe} size="small" style={{ marginInlineStart: 6 }} />
                </Link>
              ) : (
                <Link to={paths[item.name].pattern}>{titleOf(item.name)}</Link>
              ),
          })),
      })).filter((group) => group.children.length > 0),
    [permissions.data, waitingForMe],
  );

  const navigation = (
    <nav aria-label="Main">
      <Menu
        mode="inline"
        selectedKeys={[selectedKeyFor(location.pathname)]}
        items={menuItems}
        style={{ borderInlineEnd: 'none' }}
        onClick={() => setDrawerOpen(false)}
      />
    </nav>
  );

  const fullName = profile.data ? `${profile.data.FirstName} ${profile.data.LastName}` : '';
  const userMenu: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: <Link to={getHref('myProfile')}>My Profile</Link> },
    { key: 'notifications', icon: <BellOutlined />, label: <Link to={getHref('notifications')}>Notifications</Link> },
    { key: 'api-tokens', icon: <KeyOutlined />, label: <Link to={getHref('apiTokens')}>API Tokens</Link> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Sign Out', onClick: () => navigate(getHref('logout')) },
  ];

  return (
    <AntdApp>
      <Layout style={{ minHeight: '100vh' }}>
        {narrow ? null : (
          <Layout.Sider width={232} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
            <div style={{ padding: '20px 20px 12px' }}>
              <Logo />
            </div>
            <AfterFirstPaint>{navigation}</AfterFirstPaint>
          </Layout.Sider>
        )}
        <Layout>
          <Layout.Header
            style={{
              background: '#fff',
              borderBottom: '1px solid #f0f0f0',
              padding: narrow ? '0 12px' : '0 24px',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: narrow ? 8 : 16,
            }}
          >
            {narrow ? (
              <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" aria-expanded={drawerOpen} onClick={openDrawer} />
                <Logo />
              </Flex>
            ) : (
              <div style={{ flex: 1, minWidth: 0 }}>
                <ContextBar />
              </div>
            )}
            <Flex align="center" gap={narrow ? 4 : 12}>
              <AfterFirstPaint>
                <NotificationBell />
              </AfterFirstPaint>
              <Tooltip title={tenant.data?.Name}>
                {/* Not antd's Avatar: it measures its text after every draw to scale it, which makes the
                    browser lay the whole page out in the middle of the first render. */}
                <span className="tenant-badge" role="img" aria-label={`Account ${tenant.data?.Name ?? ''}`}>
                  {tenant.data?.ShortName ?? ''}
                </span>
              </Tooltip>
              <Dropdown menu={{ items: userMenu }} trigger={['click']}>
                <Button type="text" aria-label="User menu">
                  <Flex align="center" gap={8}>
                    <Avatar size="small" icon={<UserOutlined />} />
                    {narrow ? null : <Typography.Text>{fullName}</Typography.Text>}
                    <DownOutlined style={{ fontSize: 10 }} />
                  </Flex>
                </Button>
              </Dropdown>
            </Flex>
          </Layout.Header>
          {narrow && drawerLoaded ? (
            <Suspense fallback={null}>
              <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
                <div style={{ padding: 12, borderBottom: '1px solid #f0f0f0' }}>
                  <ContextBar stacked />
                </div>
                {navigation}
              </NavDrawer>
            </Suspense>
          ) : null}
          {/* antd renders Layout.Content as <main>: the one main landmark of the page. */}
          <Layout.Content style={{ padding: narrow ? 12 : 24, background: '#f7f8fa', minWidth: 0 }}>
            <Suspense key={formatGeneration} fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
            {hasOnboardingAhead ? (
              <Suspense fallback={null}>
                <OnboardingOverlay />
              </Suspense>
            ) : null}
          </Layout.Content>
        </Layout>
      </Layout>
    </AntdApp>
  );
};
