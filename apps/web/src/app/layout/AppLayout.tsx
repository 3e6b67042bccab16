import { App as AntApp, Drawer, Layout, theme } from 'antd';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppProviders } from '@/app/AppProviders';
import { AppHeader } from '@/app/layout/AppHeader';
import { firstAllowedPath, useRequiredPermissions } from '@/app/layout/routeAccess';
import { SiderContent } from '@/app/layout/SiderContent';
import { useBreadcrumbs } from '@/app/layout/useBreadcrumbs';
import { useDocumentTitle } from '@/app/layout/useDocumentTitle';
import { useMe } from '@/app/layout/useMe';
import { PageFallback } from '@/app/PageFallback';
import { PermissionsProvider, usePermissions } from '@/components/permissions/permissions';
import { PHONE_QUERY, useMediaQuery } from '@/lib/mediaQuery';
import '@/app/layout/layout.css';

// Lazy: antd's 403 illustration is only downloaded by the account that meets it.
const ForbiddenPage = lazy(() => import('@/app/layout/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })));

/** docs/product/common.md#2-screens, Layout: the sider collapses from 240 to 68. */
export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 68;
/** At 1280 px and below the sider starts collapsed (a laptop's 1280 × 720 keeps room for a list's key columns); below 768 px (a phone) it is a drawer opened from the header. */
export const NARROW_QUERY = '(max-width: 1280px)';

/** The signed-in frame, inside the providers only the signed-in app needs. */
export const AppLayout = () => (
  <AppProviders>
    <PermissionsFromMe>
      <AppShell />
    </PermissionsFromMe>
  </AppProviders>
);

/**
 * Nothing below renders before `/accounts/me/` answers: the menu, the screens and their buttons follow its
 * permissions, and a screen shown before would flash controls the role cannot use. The call runs while the
 * screen's chunk loads, so it rarely adds a wait. A failure reaches the route's error page.
 */
const PermissionsFromMe = ({ children }: { children: ReactNode }) => {
  const me = useMe();
  // The first frame of the layout and its screen is the biggest render of a visit: in the background, a slice at a
  // time, so a phone's page stays responsive while it is drawn.
  const data = useDeferredValue(me.data);
  if (me.isError) {
    throw me.error;
  }
  if (!data) {
    return <PageFallback />;
  }
  return <PermissionsProvider permissions={data.permissions}>{children}</PermissionsProvider>;
};

/** The screen, or the 403 page when the role lacks what its routes need: a hidden menu item still has a URL. */
const PermittedOutlet = () => {
  const { can } = usePermissions();
  const required = useRequiredPermissions();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isAllowed = required.every(can);
  // After sign-in every account lands on the main page; a role without it starts at its first menu item instead.
  // An effect rather than <Navigate>: that component would add to the entry chunk every screen downloads.
  const isRedirected = !isAllowed && pathname === '/';
  useEffect(() => {
    if (isRedirected) {
      void navigate(firstAllowedPath(can), { replace: true });
    }
  }, [can, isRedirected, navigate]);
  if (isAllowed) {
    return <Outlet />;
  }
  if (isRedirected) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ForbiddenPage />
    </Suspense>
  );
};

/** The sider's state: collapsed as the width suggests, or as the manager last toggled it at this width. */
const useSiderCollapsed = () => {
  const isNarrow = useMediaQuery(NARROW_QUERY);
  // A toggle holds while the window stays on the same side of 1280 px; crossing it starts from the width's default.
  const [choice, setChoice] = useState<{ isNarrow: boolean; isCollapsed: boolean } | null>(null);
  const isCollapsed = choice?.isNarrow === isNarrow ? choice.isCollapsed : isNarrow;
  return [isCollapsed, () => setChoice({ isNarrow, isCollapsed: !isCollapsed })] as const;
};

const AppShell = () => {
  const [isCollapsed, toggleCollapsed] = useSiderCollapsed();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  // The drawer (and its styles) is drawn from its first opening on: a phone's first frame has no menu to show.
  const [hasDrawer, setHasDrawer] = useState(false);
  if (isDrawerOpen && !hasDrawer) {
    setHasDrawer(true);
  }
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  // The page's title names its record ("<station> — editing the station", issue 33 item 3): header and tab.
  const { crumbs, menuKey, title } = useBreadcrumbs();
  useDocumentTitle(title);
  // A menu item chosen in the drawer opens its screen and puts the drawer away; so does growing past a phone's width.
  useEffect(() => {
    setIsDrawerOpen(false);
  }, [pathname, isPhone]);
  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        {isPhone ? (
          hasDrawer && (
            <Drawer
              placement="left"
              size={SIDER_WIDTH}
              open={isDrawerOpen}
              onClose={() => setIsDrawerOpen(false)}
              closable={false}
              data-testid="app-drawer"
              styles={{ body: { padding: 0 }, section: { background: token.colorBgContainer } }}
            >
              <SiderContent isCollapsed={false} selectedKey={menuKey} />
            </Drawer>
          )
        ) : (
          <Layout.Sider
            theme="light"
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={isCollapsed}
            trigger={null}
            data-testid="app-sider"
            style={{
              position: 'sticky',
              top: 0,
              height: '100vh',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <SiderContent isCollapsed={isCollapsed} selectedKey={menuKey} />
          </Layout.Sider>
        )}
        {/* min-width 0: a wide table scrolls inside its card instead of widening the page. */}
        <Layout style={{ minWidth: 0 }}>
          <AppHeader
            crumbs={crumbs}
            title={title}
            menu={
              isPhone
                ? { kind: 'drawer', isOpen: isDrawerOpen, onToggle: () => setIsDrawerOpen((value) => !value) }
                : { kind: 'sider', isCollapsed, onToggle: toggleCollapsed }
            }
          />
          <Layout.Content style={{ padding: isPhone ? 12 : 24 }}>
            <PermittedOutlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
};
