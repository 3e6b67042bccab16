import { Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_ICONS } from '@/app/layout/menuIcons';
import {
  BOTTOM_MENU,
  findMenuGroup,
  isMenuGroup,
  type TMenuItem,
  type TMenuItemKey,
  visibleMainMenu,
} from '@/app/layout/menu';
import { usePermissions } from '@/components/permissions/permissions';

type TItems = NonNullable<MenuProps['items']>;

type TSideMenuProps = { selectedKey: TMenuItemKey | undefined; placement: 'main' | 'bottom'; isCollapsed?: boolean };

/**
 * One of the sider's two menus: the groups at the top, settings and logout pinned at the bottom. Items are
 * real links, so they open in a new tab like any link. The main menu leaves out what the role cannot view.
 */
export const SideMenu = ({ selectedKey, placement, isCollapsed = false }: TSideMenuProps) => {
  const { t } = useTranslation('layout');
  const { can } = usePermissions();
  const activeGroup = selectedKey ? findMenuGroup(selectedKey)?.key : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  // Collapsed, a group opens as a popup under the pointer: none is open until then, whatever the expanded menu shows.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  // Navigating into another group (a link, the back button) opens that group.
  useEffect(() => {
    if (activeGroup) {
      setOpenKeys((keys) => (keys.includes(activeGroup) ? keys : [...keys, activeGroup]));
    }
  }, [activeGroup]);

  const toItem = (item: TMenuItem) => ({
    key: item.key,
    icon: MENU_ICONS[item.key],
    label: <Link to={item.path}>{t(`menu.${item.key}`)}</Link>,
  });
  const items: TItems =
    placement === 'bottom'
      ? BOTTOM_MENU.map(toItem)
      : visibleMainMenu(can).map((entry) =>
          isMenuGroup(entry)
            ? {
                key: entry.key,
                icon: MENU_ICONS[entry.key],
                label: t(`menu.${entry.key}`),
                children: entry.items.map(toItem),
              }
            : toItem(entry),
        );

  const openState = isCollapsed
    ? { openKeys: popupKeys, onOpenChange: setPopupKeys }
    : { openKeys, onOpenChange: setOpenKeys };
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      {...(placement === 'main' ? openState : {})}
      style={{ borderInlineEnd: 'none' }}
    />
  );
};
