/**
 * Stands in for antd's Tabs inside Card in the production build (build/withoutUnusedAntd.ts). No Card here has a
 * `tabList` (eslint refuses it; screens with tabs use `<Tabs>`), yet Card imports Tabs with its styles (~9 KB gzip)
 * into every screen that shows a card. Should a Card get one anyway, the card shows without its tabs.
 */
const NoCardTabs = () => {
  console.error("Card's tabList is left out of this build (build/withoutUnusedAntd.ts): use <Tabs> in the card.");
  return null;
};

// A default export: antd's Card imports Tabs that way.
export default NoCardTabs;
