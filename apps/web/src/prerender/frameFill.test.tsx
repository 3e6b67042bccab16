import { act, waitFor } from '@testing-library/react';
import type { TLanguage, TMerchant } from '@zaryad/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { MerchantHeaderCard } from '@/features/merchants/MerchantHeaderCard';
import { takeFrameRecord } from '@/lib/frameRecord';
import { changeLanguage } from '@/lib/i18n';
import { APP_ENTRY_ATTRIBUTE, PRERENDER_ID } from '@/lib/prerenderIds';
import { SESSION_KEY } from '@/lib/session';
import { merchantFill } from '@/prerender/fills/merchantFill';
import { runFrameFill, writeTexts } from '@/prerender/frameFill';

const day = (weekday: number) => ({
  id: weekday + 1,
  day: weekday,
  start_time: '09:00:00',
  end_time: '18:00:00',
  is_break: false as const,
  break: [{ id: 100 + weekday, day: weekday, start_time: '13:00:00', end_time: '14:00:00', is_break: true as const }],
});

const MERCHANT: TMerchant = {
  id: 9,
  name: 'Каракол Парк Отель',
  agreement_number: 'АД-2025/009',
  legal_entity: 'ОсОО «Каракол Парк»',
  country: { id: 1, name: 'Кыргызстан' },
  district: '',
  city: { id: 2, name: 'Каракол' },
  street: 'ул. Абдрахманова, 123',
  phone: '996392250505',
  email: 'hello@karakolpark.kg',
  tags: [{ id: 1, title_ru: 'Парковка', title_en: 'Parking', title_ky: 'Автотурак', icon_path: null }],
  environment: [],
  // Monday to Saturday with a break, Sunday off.
  schedule: [0, 1, 2, 3, 4, 5].map(day),
  status: 0,
  percentage: '9.00',
  stations_count: 5,
  active_stations_count: 4,
  inactive_stations_count: 1,
  created_by: { id: 3, last_name: 'Асанов', first_name: 'Бакыт' },
  created_at: '2025-10-31T23:55:00Z',
};

const SCHEDULE: Record<TLanguage, string> = {
  ru: '09:00–18:00, перерыв 13:00–14:00, выходной: Вс',
  en: '09:00–18:00, break 13:00–14:00, day off: Sun',
  ky: '09:00–18:00, тыныгуу 13:00–14:00, дем алыш: Жк',
};

const renderCard = (merchant: TMerchant | undefined) =>
  renderRoutes([{ path: '/merchant/:id', element: <MerchantHeaderCard id={9} merchant={merchant} /> }], '/merchant/9');

const cellTexts = (root: ParentNode) =>
  [...root.querySelectorAll('.ant-card-head-title, td.ant-descriptions-item-content')].map((cell) =>
    cell.querySelector('.ant-skeleton') ? null : cell.textContent,
  );

afterEach(async () => {
  document.getElementById(PRERENDER_ID)?.remove();
  document.head.querySelectorAll(`[${APP_ENTRY_ATTRIBUTE}]`).forEach((element) => element.remove());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  await changeLanguage('en');
});

describe("the merchant page's frame fill", () => {
  it.each<TLanguage>(['ru', 'en', 'ky'])(
    'writes the texts the app’s card then draws in the same cells (%s)',
    async (language) => {
      await changeLanguage(language);
      const loading = renderCard(undefined);
      await waitFor(() => expect(loading.container.querySelectorAll('[data-frame-field]')).toHaveLength(11));
      const frame = loading.container.cloneNode(true) as HTMLElement;
      loading.unmount();

      writeTexts(frame, merchantFill.texts(MERCHANT, language));
      const loaded = renderCard(MERCHANT);
      await waitFor(() =>
        expect(loaded.container.querySelector('.ant-card-head-title')?.textContent).toBe(MERCHANT.name),
      );

      const filled = cellTexts(frame);
      const drawn = cellTexts(loaded.container);
      // The title and the ten plain values are the app's own texts; status, tags, infrastructure and the station counts
      // keep their skeletons for the app.
      expect(filled.filter((text) => text !== null)).toHaveLength(11);
      expect(filled).toEqual(drawn.map((text, index) => (filled[index] === null ? null : text)));
      expect(drawn).toContain(SCHEDULE[language]);
    },
  );

  it('never reads a record as markup', () => {
    const frame = document.createElement('div');
    frame.innerHTML = '<span data-frame-field="name"></span>';
    writeTexts(frame, { name: '<img src=x onerror=alert(1)>' });
    expect(frame.querySelector('img')).toBeNull();
    expect(frame.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('runFrameFill', () => {
  const showFrame = () => {
    const frame = document.createElement('div');
    frame.id = PRERENDER_ID;
    frame.innerHTML = '<div class="ant-card-head-title"><span data-frame-field="name"><b>…</b></span></div>';
    document.body.append(frame);
    const entry = document.createElement('link');
    entry.rel = 'modulepreload';
    entry.setAttribute('href', '/assets/index-test.js');
    entry.setAttribute(APP_ENTRY_ATTRIBUTE, '');
    document.head.appendChild(entry);
    window.history.replaceState(null, '', '/merchant/9');
    return frame;
  };
  // The scripts the fill adds to the page, kept out of it: the test's DOM loads no script file.
  let added: Node[] = [];
  beforeEach(() => {
    added = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      added.push(...nodes.filter((node): node is Node => typeof node !== 'string'));
    });
  });
  const appStarted = () =>
    added.length === 1 &&
    added[0] instanceof HTMLScriptElement &&
    added[0].getAttribute('src') === '/assets/index-test.js';

  it('asks for the record as the app would, draws it, leaves it for the app, then starts the app', async () => {
    const frame = showFrame();
    document.documentElement.lang = 'ky';
    localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'access-1', refresh: 'refresh-1' }));
    const requests = stubFetch((url) =>
      url.pathname === '/api/v1/merchants/9/' ? jsonResponse(200, MERCHANT) : undefined,
    );

    act(() => runFrameFill(merchantFill));
    await waitFor(() => expect(frame.textContent).toBe(MERCHANT.name));
    await expect(takeFrameRecord('/merchants/9/')).resolves.toEqual(MERCHANT);
    // Once only: a refresh of the same record asks the server.
    expect(takeFrameRecord('/merchants/9/')).toBeUndefined();
    const headers = new Headers(requests[0]?.init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('Accept-Language')).toBe('ky');
    await waitFor(() => expect(appStarted()).toBe(true));
  });

  it('leaves the skeletons and nothing for the app when the record is refused (an expired token)', async () => {
    const frame = showFrame();
    localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'old', refresh: 'refresh-1' }));
    stubFetch(() => jsonResponse(401, { detail: 'Given token not valid for any token type' }));

    act(() => runFrameFill(merchantFill));
    await expect(takeFrameRecord('/merchants/9/')).resolves.toBeUndefined();
    await waitFor(() => expect(appStarted()).toBe(true));
    expect(frame.querySelector('b')).not.toBeNull();
  });

  it('starts the app at once, asking nothing, without a session or a shown frame', () => {
    showFrame();
    const requests = stubFetch(() => jsonResponse(200, MERCHANT));
    runFrameFill(merchantFill);
    expect(appStarted()).toBe(true);
    expect(requests).toHaveLength(0);
    expect(takeFrameRecord('/merchants/9/')).toBeUndefined();
  });
});
