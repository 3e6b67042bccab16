import { render, screen, waitFor } from '@testing-library/react';
import { Modal, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@/app/ThemeProvider';
import { themeStore } from '@/app/themePreference';
import { createKitI18n } from '@/components/test-i18n';

/** The system's motion (and colour scheme) preference, as `matchMedia` reports it. */
const preferReducedMotion = (isReduced: boolean, isDark = false) => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches:
      (isReduced && query === '(prefers-reduced-motion: reduce)') ||
      (isDark && query === '(prefers-color-scheme: dark)'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
};

const renderDialog = () =>
  render(
    <I18nextProvider i18n={createKitI18n('en')}>
      <ThemeProvider>
        <Modal open title="Change status">
          Activate the selected records (2)?
        </Modal>
      </ThemeProvider>
    </I18nextProvider>,
  );

/** The classes of the dialog's box: antd gives it its zoom classes while it appears. */
const dialogClasses = () => screen.getByRole('dialog').closest('.ant-modal')?.className ?? '';
/** Well inside antd's 300 ms zoom. */
const afterFrames = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('motion follows the system preference (WCAG 2.3.3)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('zooms a dialog in by default', async () => {
    preferReducedMotion(false);
    renderDialog();
    await afterFrames();
    expect(dialogClasses()).toMatch(/ant-zoom-appear-active/);
  });

  it('shows a dialog at once when the system asks for reduced motion: no zoom, only its first frame prepared', async () => {
    preferReducedMotion(true);
    renderDialog();
    await waitFor(() => {
      expect(dialogClasses()).not.toMatch(/ant-zoom-appear/);
    });
    expect(dialogClasses()).toMatch(/ant-modal/);
  });
});

/** antd's container background as the theme computes it. */
const Background = () => <span data-testid="background">{theme.useToken().token.colorBgContainer}</span>;

describe('light or dark, as chosen in the account menu or by the system', () => {
  afterEach(() => {
    themeStore.set('system');
    vi.unstubAllGlobals();
  });

  const renderBackground = () =>
    render(
      <I18nextProvider i18n={createKitI18n('en')}>
        <ThemeProvider>
          <Background />
        </ThemeProvider>
      </I18nextProvider>,
    );

  it('follows the system until a theme is chosen, then keeps the choice', async () => {
    preferReducedMotion(false, true);
    themeStore.set('system');
    renderBackground();
    expect(screen.getByTestId('background').textContent).toBe('#141414');
    expect(document.documentElement.dataset.theme).toBe('dark');

    themeStore.set('light');
    await waitFor(() => {
      expect(screen.getByTestId('background').textContent).toBe('#ffffff');
    });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('draws dark on a light system when dark is chosen', () => {
    preferReducedMotion(false, false);
    themeStore.set('dark');
    renderBackground();
    expect(screen.getByTestId('background').textContent).toBe('#141414');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
