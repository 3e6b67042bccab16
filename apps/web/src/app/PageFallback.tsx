import { sessionStore } from '@/lib/session';

const LOGO_PATH =
  'M848 359.3H627.7L825.8 109c4.1-5.3.4-13-6.3-13H436c-2.8 0-5.5 1.5-6.9 4L170 547.5c-3.1 5.3.7 12 6.9 12h174.4l-89.4 357.6c-1.9 7.8 7.5 13.3 13.3 7.7L853.5 373c5.2-4.9 1.7-13.7-5.5-13.7z';

/** The header's menu button (antd's MenuOutlined), as a phone's header shows it. */
const MENU_PATH =
  'M904 160H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0 624H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0-312H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8z';

const bars = (count: number) => Array.from({ length: count }, (_, index) => <i key={index} />);

/**
 * Shown while the app's code, a route's chunk or the signed-in account loads: the shell index.html paints on a cold
 * load (a sider, a header and a card in grey, light or dark, collapsed or without the sider on narrow screens), or
 * for a signed-out visitor the sign-in card alone. Plain markup whose styles live in index.html: it is part of the
 * entry chunk that the login screen loads, where every kilobyte counts.
 */
export const PageFallback = () => (
  <div className={sessionStore.get() === null ? 'boot boot-out' : 'boot'} aria-busy="true" data-testid="page-fallback">
    <div className="boot-sider">
      <div className="boot-logo">
        <svg viewBox="64 64 896 896" aria-hidden="true">
          <path d={LOGO_PATH} />
        </svg>
        <b className="boot-name" />
      </div>
      {bars(7)}
    </div>
    <div className="boot-main">
      <div className="boot-header">
        <b className="boot-burger">
          <svg viewBox="64 64 896 896" aria-hidden="true">
            <path d={MENU_PATH} />
          </svg>
        </b>
        <div className="boot-heading">{bars(2)}</div>
        <b className="boot-lang" />
        <b className="boot-avatar" />
      </div>
      <div className="boot-content">
        <div className="boot-card">{bars(8)}</div>
      </div>
    </div>
  </div>
);
