import { useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '@/features/auth/form/icons';

/** How long the check mark stays after a copy, as antd's Typography `copyable` does. */
const COPIED_MS = 3000;

/**
 * antd's `<Typography.Text code copyable>`: the text in a code box and a copy button after it. Where the
 * clipboard API is missing (an insecure origin) the text is selected instead, ready for Ctrl+C.
 */
export const CopyableCode = ({ text, ...props }: { text: string } & HTMLAttributes<HTMLElement>) => {
  const { t } = useTranslation('auth');
  const codeRef = useRef<HTMLElement>(null);
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) {
      return undefined;
    }
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  // A new password means nothing is copied yet.
  useEffect(() => {
    setCopied(false);
  }, [text]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      if (codeRef.current) {
        window.getSelection()?.selectAllChildren(codeRef.current);
      }
    }
  };

  return (
    <span className="auth-copyable">
      <code ref={codeRef} className="auth-code" {...props}>
        {text}
      </code>
      <button
        type="button"
        className="auth-copy-button"
        aria-label={isCopied ? t('form.copied') : t('form.copy')}
        title={isCopied ? t('form.copied') : t('form.copy')}
        onClick={() => void onCopy()}
      >
        {isCopied ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="auth-visually-hidden" role="status">
        {isCopied ? t('form.copied') : ''}
      </span>
    </span>
  );
};
