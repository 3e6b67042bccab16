import { render, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@/app/ThemeProvider';
import { createKitI18n } from '@/components/test-i18n';

/** The system's motion preference, as `matchMedia` reports it. */
const preferReducedMotion = (isReduced: boolean) => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isReduced && query === '(prefers-reduced-motion: reduce)',
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
