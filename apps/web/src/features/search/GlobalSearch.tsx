import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchShortcut } from '@/features/search/searchNavigation';
import { useIsPhone } from '@/lib/mediaQuery';

// The dialog (its input, results and query) loads on the first opening, or when the pointer or focus reaches the button.
const loadDialog = () => import('@/features/search/SearchDialog');
const SearchDialog = lazy(async () => ({ default: (await loadDialog()).SearchDialog }));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The header's global search (docs/product/search.md): a button, and Ctrl/Cmd+K from anywhere. */
export const GlobalSearch = () => {
  const { t } = useTranslation('search');
  const [isOpen, setIsOpen] = useState(false);
  // On a phone the header has room for the icon only.
  const isWide = !useIsPhone();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        // The browser's own Ctrl+K (its address bar search) gives way to the dashboard's.
        event.preventDefault();
        setIsOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const preload = () => void loadDialog();
  return (
    <>
      <Button
        icon={<SearchOutlined />}
        onClick={() => {
          setIsOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        aria-label={isWide ? undefined : t('open')}
        title={t('shortcut', { keys: isMac ? '⌘K' : 'Ctrl+K' })}
      >
        {isWide ? t('open') : null}
      </Button>
      {/* Mounted while open only: each opening starts empty, and a closed search holds no query. */}
      {isOpen && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
