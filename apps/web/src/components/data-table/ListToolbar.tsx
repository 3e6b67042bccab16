import { Flex } from 'antd';
import type { ReactNode } from 'react';

type TListToolbarProps = {
  /** Search and filters, on the left. */
  children?: ReactNode;
  /** Buttons (bulk status, add), on the right. */
  actions?: ReactNode;
};

/** The row above a list table: filters on the left, actions on the right, wrapping on narrow screens. */
export const ListToolbar = ({ children, actions }: TListToolbarProps) => (
  <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
    {/* On a phone each filter takes the whole line (app/layout/layout.css): not a ragged column of widths. */}
    <Flex gap={12} wrap align="center" className="z-list-filters">
      {children}
    </Flex>
    {/* Right-hand even when the filters are none (the roles) or the row wraps. */}
    <Flex gap={8} wrap align="center" style={{ marginLeft: 'auto' }}>
      {actions}
    </Flex>
  </Flex>
);
