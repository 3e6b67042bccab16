import { App, Card, Tabs } from 'antd';
import { Fragment, useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readEditedState, readTab, type TEditedState } from '@/components/tabbed-list/editedState';

type TTabbedListPageProps<TTab extends string> = {
  tabs: readonly [TTab, ...TTab[]];
  tabLabel: (tab: TTab) => string;
  /** Said once after an edit: the item's name and the tab it is on now. */
  movedMessage: (edited: TEditedState<TTab>['edited']) => string;
  /** One tab's list; `hiddenId` is the item just edited, which has left it. */
  renderTab: (tab: TTab, hiddenId: number | null) => ReactNode;
};

/**
 * A list in tabs kept in the URL (`?tab=`, none for the first). Another tab starts from its first page, without the
 * filters of this one. After an edit the form comes back here with the item, which leaves the list, and a message says
 * where it went, until the list is next visited (a tab, a page or a filter writes the URL without the router's state).
 */
export const TabbedListPage = <TTab extends string>({
  tabs,
  tabLabel,
  movedMessage,
  renderTab,
}: TTabbedListPageProps<TTab>) => {
  const { message } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const tab = readTab(tabs, searchParams.get('tab'));
  const edited = useMemo(() => readEditedState(location.state, tabs), [location.state, tabs]);
  const tellMoved = useEffectEvent((item: TEditedState<TTab>['edited']) => {
    void message.success(movedMessage(item));
  });

  useEffect(() => {
    if (edited) {
      tellMoved(edited);
    }
  }, [edited]);

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setSearchParams(key === tabs[0] ? {} : { tab: key }, { replace: true });
        }}
        items={tabs.map((key) => ({ key, label: tabLabel(key) }))}
      />
      <Fragment key={tab}>{renderTab(tab, edited?.id ?? null)}</Fragment>
    </Card>
  );
};
