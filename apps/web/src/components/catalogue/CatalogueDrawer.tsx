import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** One width for every catalogue item's drawer; a phone gets the whole screen. */
export const CATALOGUE_DRAWER_WIDTH = 640;

export type TCatalogueDrawerProps = {
  open: boolean;
  /** "New tag", "<name> — editing the rate": what is being created or edited. */
  title: ReactNode;
  /**
   * The close button and Esc; left out when the form's own Cancel must ask first (the multi-language wizard,
   * where a stray Esc would drop three languages). A click beside the drawer never closes it.
   */
  onClose?: () => void;
  children: ReactNode;
};

/**
 * The one way to create and edit a small catalogue item (tags, infrastructure, software rental partners, news,
 * rates): a drawer over its list, so the operator keeps their page, filters and place. Large records (merchant,
 * station, promotion, banner, account) have a page of their own instead (docs/product/common.md#2-screens, issue 33,
 * item 6).
 */
export const CatalogueDrawer = ({ open, title, onClose, children }: TCatalogueDrawerProps) => (
  <Drawer
    open={open}
    title={title}
    size={CATALOGUE_DRAWER_WIDTH}
    onClose={onClose}
    closable={onClose !== undefined}
    keyboard={onClose !== undefined}
    mask={{ closable: false }}
    destroyOnHidden
    styles={{ wrapper: { maxWidth: '100vw' } }}
  >
    {children}
  </Drawer>
);
