import { type RefObject, useEffect, useRef } from 'react';

/** Is this keydown Ctrl+S (Cmd+S on a Mac)? By the key's place, so that a Russian or Kyrgyz layout ('ы') counts too. */
export const isSaveShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  (event.code === 'KeyS' || event.key.toLowerCase() === 's');

/**
 * Ctrl/Cmd+S anywhere on the page calls `onSave` (the form's own submit, so its checks and the leave-page guard stay
 * in the way) instead of the browser's "save page". `scope` is an element inside the form: while a dialog the form is
 * not in has the keyboard (a connector, the leave-page question), the keys are that dialog's. Off while `isEnabled`
 * is false (a locked form). docs/product/common.md#2-screens.
 */
export const useSaveShortcut = (
  onSave: () => void,
  { isEnabled, scope }: { isEnabled: boolean; scope: RefObject<HTMLElement | null> },
) => {
  // The latest callback without listening again on each render.
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  }, [onSave]);

  useEffect(() => {
    if (!isEnabled) {
      return undefined;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSaveShortcut(event)) {
        return;
      }
      const target = event.target instanceof Element ? event.target : null;
      const dialog = target?.closest('[role="dialog"], .ant-modal-wrap, .ant-drawer');
      const form = scope.current;
      if (!form || (dialog && !dialog.contains(form))) {
        return;
      }
      event.preventDefault();
      if (!event.repeat) {
        save.current();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isEnabled, scope]);
};
