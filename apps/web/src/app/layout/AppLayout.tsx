import { App as AntApp, Layout } from 'antd';
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

// Lazy: antd's 403 illustration is only downloaded by the account that meets it.
const ForbiddenPage = lazy(() => import('@/app/layout/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })));

/** docs/product/common.md#2-screens, Layout: the sider collapses from 240 to 68. */
export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 68;

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

const AppShell = () => {
  const [isCollapsed, setIsCollapsed] = useState(false);
  const { crumbs, menuKey, title } = useBreadcrumbs();
  useDocumentTitle(title);
  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider
          theme="light"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={isCollapsed}
          trigger={null}
          data-testid="app-sider"
          style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: '1px solid rgba(5, 5, 5, 0.06)' }}
        >
          <SiderContent isCollapsed={isCollapsed} selectedKey={menuKey} />
        </Layout.Sider>
        <Layout>
          <AppHeader crumbs={crumbs} title={title} isCollapsed={isCollapsed} onToggle={() => setIsCollapsed((value) => !value)} />
          <Layout.Content style={{ padding: 24 }}>
            <PermittedOutlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
};
