import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export type TTextTone = 'secondary' | 'success' | 'danger';

export type TTextSpanProps = {
  /** Typography.Text's `type`: the same theme colours. */
  tone?: TTextTone;
  strong?: boolean;
  /** Typography.Text's `code`: monospace in a light box. */
  code?: boolean;
  id?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  children: ReactNode;
};

/**
 * A line of grey, coloured, bold or code text with antd's theme colours, as `<Typography.Text>` draws it. A plain
 * span: Typography brings its ellipsis, copy and editing (Tooltip, TextArea, ~8 KB gzip) into every screen that
 * shows one, and no screen here uses them (issue 10's web budgets).
 */
export const TextSpan = ({ tone, strong = false, code = false, style, children, ...rest }: TTextSpanProps) => {
  const { token } = theme.useToken();
  const colors: Record<TTextTone, string> = {
    secondary: token.colorTextDescription,
    success: token.colorSuccessText,
    danger: token.colorErrorText,
  };
  const codeStyle: CSSProperties = {
    margin: '0 0.2em',
    paddingInline: '0.4em',
    paddingBlock: '0.2em 0.1em',
    fontSize: '85%',
    fontFamily: token.fontFamilyCode,
    background: 'rgba(150, 150, 150, 0.1)',
    border: '1px solid rgba(100, 100, 100, 0.2)',
    borderRadius: 3,
  };
  return (
    <span
      {...rest}
      style={{
        color: tone ? colors[tone] : undefined,
        fontWeight: strong ? token.fontWeightStrong : undefined,
        wordBreak: 'break-word',
        ...style,
      }}
    >
      {code ? <code style={codeStyle}>{children}</code> : children}
    </span>
  );
};
