import { App as AntApp, Layout } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AppProviders } from '@/app/AppProviders';
import { AppHeader } from '@/app/layout/AppHeader';
import { SiderContent } from '@/app/layout/SiderContent';
import { useBreadcrumbs } from '@/app/layout/useBreadcrumbs';
import { useDocumentTitle } from '@/app/layout/useDocumentTitle';

/** SPEC.md section 2, Layout: the sider collapses from 240 to 68. */
export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 68;

/** The signed-in frame, inside the providers only the signed-in app needs. */
export const AppLayout = () => (
  <AppProviders>
    <AppShell />
  </AppProviders>
);

const AppShell = () => {
  const [isCollapsed, setIsCollapsed] = useState(false);
  const { crumbs, menuKey } = useBreadcrumbs();
  useDocumentTitle(crumbs.at(-1)?.title);
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
          <AppHeader crumbs={crumbs} isCollapsed={isCollapsed} onToggle={() => setIsCollapsed((value) => !value)} />
          <Layout.Content style={{ padding: 24 }}>
            <Outlet />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
};
