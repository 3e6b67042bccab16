import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLink, useFullscreens, type TFullscreen } from '@/features/content/api';
import { contentTexts } from '@/features/content/texts';
import { registerTexts } from '@/lib/i18n';

registerTexts('content', contentTexts);

/** The fullscreens a driver has closed or followed, by id: each is shown once in this browser. */
export const SEEN_FULLSCREENS_KEY = 'zaryad.driver.fullscreens.seen';

const readSeen = (): number[] => {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SEEN_FULLSCREENS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
};

const rememberSeen = (id: number) => {
  try {
    // The newest hundred are enough: an old fullscreen has ended long before.
    window.localStorage.setItem(SEEN_FULLSCREENS_KEY, JSON.stringify([...readSeen(), id].slice(-100)));
  } catch {
    // Without storage it shows again on the next visit, which is all that is lost.
  }
};

/** `browser`: a new tab; `webview` and `merchant` open where the app is (a web app has no web view of its own). */
const targetOf = (fullscreen: TFullscreen) =>
  fullscreen.destination === 'browser' ? ({ target: '_blank', rel: 'noopener noreferrer' } as const) : {};

/**
 * The `main` fullscreen (docs/product/app-api.md#8-content), shown over the app as it opens: the first one this
 * browser has not seen, until the driver closes it or follows its link. One per opening of the app: a network with
 * several gets the next one the next time, never a queue of them to close. Mounted once by the shell.
 */
export const MainFullscreen = () => {
  const { t } = useTranslation('content');
  const fullscreens = useFullscreens('main');
  // What this browser had seen when the app opened: the choice holds for the whole opening.
  const [seenAtOpening] = useState(readSeen);
  const [isDismissed, setDismissed] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  const fullscreen = isDismissed ? undefined : fullscreens.data?.items.find((item) => !seenAtOpening.includes(item.id));

  const dismiss = (id: number) => {
    rememberSeen(id);
    setDismissed(true);
  };

  useEffect(() => {
    if (!fullscreen) {
      return undefined;
    }
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        dismiss(fullscreen.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  if (!fullscreen) {
    return null;
  }
  const href = safeLink(fullscreen.link);
  return (
    <div className="fullscreen" role="dialog" aria-modal="true" aria-label={fullscreen.name}>
      <div className="fullscreen-body">
        <button
          ref={close}
          type="button"
          className="fullscreen-close"
          aria-label={t('close')}
          onClick={() => dismiss(fullscreen.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
        {href ? (
          <a href={href} {...targetOf(fullscreen)} onClick={() => dismiss(fullscreen.id)} className="fullscreen-link">
            <img src={fullscreen.image} alt={fullscreen.name} className="fullscreen-image" />
          </a>
        ) : (
          <img src={fullscreen.image} alt={fullscreen.name} className="fullscreen-image" />
        )}
      </div>
    </div>
  );
};
