import { Flex, Grid, theme } from 'antd';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The shortcut as the person's keyboard writes it. */
export const saveShortcutLabel = () => (isMac() ? '⌘S' : 'Ctrl+S');

export type TFormFooterProps = {
  /** The buttons, the primary one first. */
  children: ReactNode;
  /** Stays in view at the bottom of the window while the form scrolls (long forms); false in a modal. */
  isSticky?: boolean;
  /** Shows the Ctrl/Cmd+S hint beside the buttons (where the shortcut works). */
  hasShortcut?: boolean;
  ref?: Ref<HTMLDivElement>;
};

/**
 * The bar of a form's buttons (docs/product/common.md#2-screens): on a long form it sticks to the bottom of the window,
 * a raised bar with room around its buttons (never flush against an edge), so Save and Cancel are always one click
 * away; it settles under the last field when the form ends.
 */
export const FormFooter = ({ children, isSticky = true, hasShortcut = false, ref }: TFormFooterProps) => {
  const { t } = useTranslation('kit');
  const { token } = theme.useToken();
  // A phone has no keyboard to press it on: the hint would only take a line.
  const hasKeyboard = Grid.useBreakpoint().md === true;
  return (
    <div
      ref={ref}
      data-testid="form-footer"
      style={
        isSticky
          ? {
              position: 'sticky',
              bottom: token.paddingSM,
              zIndex: 5,
              marginTop: token.marginLG,
              padding: `${token.paddingSM}px ${token.padding}px`,
              background: token.colorBgElevated,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowTertiary,
            }
          : { marginTop: token.marginXS }
      }
    >
      <Flex gap={8} wrap align="center">
        {children}
        {hasShortcut && hasKeyboard ? (
          <TextSpan tone="secondary" style={{ marginInlineStart: 'auto', fontSize: token.fontSizeSM }}>
            {t('form.saveShortcut', { keys: saveShortcutLabel() })}
          </TextSpan>
        ) : null}
      </Flex>
    </div>
  );
};
