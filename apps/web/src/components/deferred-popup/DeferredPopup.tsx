import { cloneElement, useEffect, useId, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

type TTriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

export type TPopupControl = { open: boolean; onOpenChange: (open: boolean) => void };

type TDeferredPopupProps = {
  /** The trigger (a button), drawn alone until its first click. */
  children: ReactElement<TTriggerProps>;
  /** The popup (antd's Dropdown, Popover) around the trigger from its first click on, opened at once. */
  popup: (trigger: ReactElement, control: TPopupControl) => ReactNode;
};

const MARK = 'data-deferred-popup';

/**
 * A dropdown or popover mounted at its trigger's first click instead of with the screen: antd generates a
 * component's styles (Dropdown and its menu ~31 KB of CSS, Popover ~11 KB) when it first renders, open or not, and the
 * header and the lists' toolbars are in every screen's first frame (docs/benchmarks.md, section 9). The first click
 * mounts the popup open; the trigger is drawn anew inside it, and keeps the focus it had.
 */
export const DeferredPopup = ({ children, popup }: TDeferredPopupProps) => {
  const id = useId();
  const [state, setState] = useState<{ isMounted: boolean; open: boolean; hadFocus: boolean }>({
    isMounted: false,
    open: false,
    hadFocus: false,
  });

  useEffect(() => {
    if (state.hadFocus) {
      document.querySelector<HTMLElement>(`[${MARK}="${CSS.escape(id)}"]`)?.focus();
    }
  }, [id, state.hadFocus]);

  const trigger = cloneElement(children, { [MARK]: id } as TTriggerProps);
  if (!state.isMounted) {
    return cloneElement(trigger, {
      onClick: (event: MouseEvent<HTMLElement>) => {
        children.props.onClick?.(event);
        setState({ isMounted: true, open: true, hadFocus: event.currentTarget.contains(document.activeElement) });
      },
    });
  }
  return popup(trigger, {
    open: state.open,
    onOpenChange: (open) => setState((now) => ({ ...now, open })),
  });
};
