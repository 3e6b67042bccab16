import { useEffect, useRef, type ReactNode } from 'react';
import {
  CheckCircleFilledIcon,
  CloseCircleFilledIcon,
  ExclamationCircleFilledIcon,
  InfoCircleFilledIcon,
  WarningFilledIcon,
} from '@/features/auth/form/icons';

type TNoticeType = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<TNoticeType, ReactNode> = {
  success: <CheckCircleFilledIcon />,
  info: <InfoCircleFilledIcon />,
  warning: <ExclamationCircleFilledIcon />,
  error: <CloseCircleFilledIcon />,
};

type TNoticeProps = {
  type: TNoticeType;
  title: ReactNode;
  /** A second paragraph under the title (antd's `description`): the title then reads larger. */
  children?: ReactNode;
  hasIcon?: boolean;
};

/**
 * antd's Alert. An error is announced at once (`role="alert"`), success and warning politely (`role="status"`);
 * info is standing text that is not announced.
 */
export const Notice = ({ type, title, children, hasIcon = true }: TNoticeProps) => (
  <div
    role={type === 'error' ? 'alert' : type === 'info' ? undefined : 'status'}
    className={`auth-notice auth-notice-${type}${children ? ' auth-notice-with-text' : ''}`}
  >
    {hasIcon ? <span className="auth-notice-icon">{ICONS[type]}</span> : null}
    <div className="auth-notice-content">
      <div className="auth-notice-title">{title}</div>
      {children ? <div className="auth-notice-text">{children}</div> : null}
    </div>
  </div>
);

type TResultStatus = 'success' | 'warning';

const RESULT_ICONS: Record<TResultStatus, ReactNode> = {
  success: <CheckCircleFilledIcon />,
  warning: <WarningFilledIcon />,
};

type TResultProps = { status: TResultStatus; title: string; text: ReactNode; extra: ReactNode };

/**
 * antd's Result, without its padding: a large icon, the title, the text and a way on. It takes the form's place,
 * so focus moves to its title: a keyboard or screen reader user is not left on a button that is gone.
 */
export const Result = ({ status, title, text, extra }: TResultProps) => {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <div className="auth-result">
      <div className={`auth-result-icon auth-result-icon-${status}`}>{RESULT_ICONS[status]}</div>
      <h1 ref={titleRef} tabIndex={-1} className="auth-result-title">
        {title}
      </h1>
      <p className="auth-result-text">{text}</p>
      <div className="auth-result-extra">{extra}</div>
    </div>
  );
};
