import type { ReactNode } from 'react';

/** The card's title and optional lead text. */
export const AuthHeading = ({ title, text }: { title: string; text?: ReactNode }) => (
  <>
    <h1 className="auth-heading">{title}</h1>
    {text ? <p className="auth-lead">{text}</p> : null}
  </>
);
