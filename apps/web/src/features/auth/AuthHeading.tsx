import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The card's title and optional lead text, in plain markup (see AuthLayout for why not Typography). */
export const AuthHeading = ({ title, text }: { title: string; text?: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <>
      <h1 style={{ fontSize: 22, fontWeight: 600, textAlign: 'center', margin: '0 0 16px' }}>{title}</h1>
      {text ? <p style={{ color: token.colorTextSecondary, margin: '0 0 16px' }}>{text}</p> : null}
    </>
  );
};
