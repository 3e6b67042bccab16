import type { Page } from '@playwright/test';
import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant } from '../support/network';

// Issue 33, item 4: the long forms' footer, Ctrl/Cmd+S, the station form's sections, and the promotion wizard's
// first step, at a laptop's 1440 px and a phone's 412 px.

const WORDS: Record<
  TLanguage,
  { location: string; create: string; next: string; nameRu: string; titleRu: string; goTo: string }
> = {
  ru: {
    location: 'Местоположение',
    create: 'Создать',
    next: 'Далее',
    nameRu: 'Название на русском',
    titleRu: 'Название (RU)',
    goTo: 'Перейти к разделу',
  },
  en: {
    location: 'Location',
    create: 'Create',
    next: 'Next',
    nameRu: 'Name in Russian',
    titleRu: 'Name (RU)',
    goTo: 'Go to section',
  },
  ky: {
    location: 'Жайгашкан жери',
    create: 'Түзүү',
    next: 'Кийинки',
    nameRu: 'Аталышы орусча',
    titleRu: 'Аталышы (RU)',
    goTo: 'Бөлүмгө өтүү',
  },
};

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 412, height: 915 },
] as const;

/** The element's box lies within the window (the part of the page the user sees without scrolling). */
const expectInViewport = async (page: Page, selector: ReturnType<Page['locator']>) => {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (box && viewport) {
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
};

const noSidewaysScroll = async (page: Page) => {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
};

for (const size of WIDTHS) {
  for (const language of LANGUAGES_UNDER_TEST) {
    test(`station form: footer in view, sections, Ctrl+S checks (${size.name}, ${language})`, async ({
      signedInPage,
      admin,
      request,
    }) => {
      test.setTimeout(90_000);
      const words = WORDS[language];
      const merchant = await buildMerchant(request, admin);
      const page = await signedInPage(language);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/merchant/${merchant.id}/create-station`);
      const footer = page.getByTestId('form-footer');
      const create = footer.getByRole('button', { name: words.create });
      await expect(create).toBeVisible();
      // The form is far taller than the window, and its Save is in view at the top of it.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(size.height * 1.5);
      await expectInViewport(page, footer);
      await noSidewaysScroll(page);

      // A phone: one column, inputs the whole width (they were squeezed to ~70 px); a laptop: three languages side by side.
      const nameBox = await page.getByLabel(words.nameRu).boundingBox();
      expect(nameBox?.width ?? 0).toBeGreaterThan(size.width === 412 ? 250 : 180);

      const sections = page.getByTestId('form-sections');
      if (size.width === 1440) {
        await expect(sections.getByRole('link')).toHaveCount(4);
        await saveScreenshot(page, `forms-station-${size.name}`, language);
        await sections.getByRole('link', { name: words.location }).click();
      } else {
        await expect(sections.getByRole('link')).toHaveCount(0);
        await saveScreenshot(page, `forms-station-${size.name}`, language);
        await sections.getByRole('combobox', { name: words.goTo }).click();
        await page.locator('.ant-select-item-option').filter({ hasText: words.location }).click();
      }
      // The section chosen is brought into view; the URL keeps no hash (no navigation for the leave-page guard).
      await expect(
        page.getByTestId('section-location').getByRole('heading', { name: words.location }),
      ).toBeInViewport();
      expect(new URL(page.url()).hash).toBe('');
      await expectInViewport(page, footer);
      // The footer sits on the form, with room around its buttons, not flush against the edge of the window.
      const footerBox = await footer.boundingBox();
      const createBox = await create.boundingBox();
      expect((createBox?.x ?? 0) - (footerBox?.x ?? 0)).toBeGreaterThanOrEqual(8);
      expect(size.height - ((footerBox?.y ?? 0) + (footerBox?.height ?? 0))).toBeGreaterThanOrEqual(8);
      await saveScreenshot(page, `forms-station-location-${size.name}`, language);

      // Ctrl+S on the empty form: the form's own checks answer (first error brought into view), nothing is sent,
      // and the page stays.
      let posted = false;
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url().includes('/api/v1/stations/')) {
          posted = true;
        }
      });
      await page.keyboard.press('Control+s');
      await expect(page.getByTestId('form-invalid')).toBeVisible();
      await expect(page.locator('#station_name_ru')).toBeFocused();
      await expect(page.locator('#station_name_ru')).toBeInViewport();
      expect(posted).toBe(false);
      await expect(page).toHaveURL(new RegExp(`/merchant/${merchant.id}/create-station$`));
    });

    test(`promotion wizard: the first step checks every shared field (${size.name}, ${language})`, async ({
      signedInPage,
    }) => {
      test.setTimeout(60_000);
      const words = WORDS[language];
      const page = await signedInPage(language);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/creating-promotion/');
      const title = page.getByLabel(words.titleRu);
      await title.fill('Ночная скидка');
      const next = page.getByTestId('form-footer').getByRole('button', { name: words.next });
      await expectInViewport(page, next);
      await next.click();
      // Still the RU step: the image, the initiator, the period, the hours and the discount are refused at once.
      await expect(title).toBeVisible();
      await expect(page.locator('.ant-form-item-has-error')).toHaveCount(5);
      // The first of them (the image) is brought into view.
      await expect(page.locator('.ant-form-item-has-error').first()).toBeInViewport();
      await noSidewaysScroll(page);
      await saveScreenshot(page, `forms-promotion-first-step-${size.name}`, language);
    });
  }
}
