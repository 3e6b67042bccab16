import {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  HeatMapOutlined,
  IdcardOutlined,
  LogoutOutlined,
  PercentageOutlined,
  PictureOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type en from '@/locales/en/layout';

export type TMenuKey = keyof typeof en.menu;
export type TMenuGroupKey = Extract<TMenuKey, `${string}Group`>;
export type TMenuItemKey = Exclude<TMenuKey, TMenuGroupKey>;

export type TMenuItem = { key: TMenuItemKey; path: string; icon: ReactNode };
export type TMenuGroup = { key: TMenuGroupKey; icon: ReactNode; items: TMenuItem[] };
export type TMenuEntry = TMenuItem | TMenuGroup;

export const isMenuGroup = (entry: TMenuEntry): entry is TMenuGroup => 'items' in entry;

/** The side menu of SPEC.md section 2, in its order. Paths are the spec's routes. */
export const MAIN_MENU: TMenuEntry[] = [
  { key: 'dashboard', path: '/', icon: <DashboardOutlined /> },
  { key: 'heatMap', path: '/heat-map', icon: <HeatMapOutlined /> },
  {
    key: 'merchantsGroup',
    icon: <ShopOutlined />,
    items: [
      { key: 'merchants', path: '/merchants', icon: <BankOutlined /> },
      { key: 'rates', path: '/rates', icon: <PercentageOutlined /> },
      { key: 'tags', path: '/tags', icon: <TagsOutlined /> },
      { key: 'infrastructure', path: '/infrastructure', icon: <AppstoreOutlined /> },
      { key: 'softwareRentalPartners', path: '/software-rental-partners', icon: <ToolOutlined /> },
    ],
  },
  {
    key: 'usersGroup',
    icon: <TeamOutlined />,
    items: [
      { key: 'users', path: '/users', icon: <UserOutlined /> },
      { key: 'chargersList', path: '/chargers-list', icon: <ThunderboltOutlined /> },
      { key: 'extractBalance', path: '/extract-balance', icon: <WalletOutlined /> },
      { key: 'accounts', path: '/accounts', icon: <IdcardOutlined /> },
    ],
  },
  {
    key: 'promotionsGroup',
    icon: <GiftOutlined />,
    items: [
      { key: 'promotions', path: '/promotions', icon: <DollarOutlined /> },
      { key: 'promoCodes', path: '/list-of-promotional-codes', icon: <FileTextOutlined /> },
      { key: 'referrals', path: '/list-of-referrals', icon: <UsergroupAddOutlined /> },
      { key: 'banners', path: '/banners', icon: <PictureOutlined /> },
    ],
  },
];

/** Pinned to the bottom of the sider. */
export const BOTTOM_MENU: TMenuItem[] = [
  { key: 'settings', path: '/settings', icon: <SettingOutlined /> },
  { key: 'logout', path: '/logout', icon: <LogoutOutlined /> },
];

const ALL_ITEMS = [...MAIN_MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.items : [entry])), ...BOTTOM_MENU];

export const findMenuItem = (key: TMenuItemKey): TMenuItem | undefined => ALL_ITEMS.find((item) => item.key === key);

export const findMenuGroup = (key: TMenuItemKey): TMenuGroup | undefined =>
  MAIN_MENU.filter(isMenuGroup).find((group) => group.items.some((item) => item.key === key));

/** Menu items whose screens are not built yet; each gets the 'being prepared' page. */
export const menuItemsWithout = (built: readonly TMenuItemKey[]): TMenuItem[] =>
  ALL_ITEMS.filter((item) => !built.includes(item.key));
