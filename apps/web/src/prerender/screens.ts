import { BOTTOM_MENU, isMenuGroup, MAIN_MENU } from '@/app/layout/menu';

/**
 * A signed-in route with a prerendered first frame: `pattern` as the router writes it, `sample` a path it matches.
 * `fill`: for a screen showing one record, the script (under apps/web) that writes the record's texts into the frame
 * before the app arrives (frameFill.ts).
 */
export type TPrerenderedScreen = { name: string; pattern: string; sample: string; fill?: string };

// Not the main page: a signed-out visitor lands there too, and the login screen's download stays as small as it was.
const menuScreens = [...MAIN_MENU.flatMap((entry) => (isMenuGroup(entry) ? entry.items : [entry])), ...BOTTOM_MENU]
  .filter((item) => item.key !== 'logout' && item.path !== '/')
  .map((item) => ({ name: item.key, pattern: item.path, sample: item.path }));

/**
 * Every screen of the menu but the main page, and the screens a list opens that operators spend their day in. A route
 * not listed (a form, a detail page) gets the plain page: the app alone draws it.
 */
export const PRERENDERED_SCREENS: TPrerenderedScreen[] = [
  ...menuScreens,
  {
    name: 'merchant',
    pattern: '/merchant/:id',
    sample: '/merchant/1',
    fill: 'src/prerender/fills/merchant.entry.ts',
  },
  { name: 'stationCreate', pattern: '/merchant/:id/create-station', sample: '/merchant/1/create-station' },
  { name: 'stationEdit', pattern: '/merchant/:id/edit-station/:stationId', sample: '/merchant/1/edit-station/1' },
  { name: 'user', pattern: '/user/:id', sample: '/user/1' },
];
