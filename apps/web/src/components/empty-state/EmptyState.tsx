import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';

/**
 * Why a list, chart or dashboard is empty, and what to do (docs/product/common.md#4-states-and-rules, issue 33 item 8):
 * - `filtered`: records exist, but none matches the search and filters: "Nothing matches", with a button that clears them;
 * - `none`: nothing has been added yet: "Nothing here yet", with the screen's create action when the account may create.
 */
export type TEmptyStateProps = {
  kind: 'filtered' | 'none';
  /** `filtered`: clears the search and filters (the list's reset); without it no button shows. */
  onClear?: () => void;
  /** `none`: the screen's create action, given only when the account may create. */
  create?: { label: string; onClick: () => void };
  /** The screen's own words, instead of the kit's ("No charges in this period"). */
  title?: ReactNode;
  description?: ReactNode;
  /** Smaller, for a chart's card or a table inside a record. */
  compact?: boolean;
  /**
   * `none`: the screen's own buttons instead of the kit's "Add the first one", when the screen has more than one way
   * to start (promo codes: generate codes, or add the promotion they are for), named as its toolbar names them.
   */
  actions?: ReactNode;
};

export const EmptyState = ({
  kind,
  onClear,
  create,
  title,
  description,
  compact = false,
  actions,
}: TEmptyStateProps) => {
  const { t } = useTranslation('kit');
  const isFiltered = kind === 'filtered';
  const heading = title ?? (isFiltered ? t('emptyState.filteredTitle') : t('emptyState.noneTitle'));
  const text =
    description ??
    (isFiltered ? t('emptyState.filteredText') : create ? t('emptyState.noneCreate') : t('emptyState.noneText'));
  const action = isFiltered ? (
    onClear ? (
      <Button icon={<ClearOutlined aria-hidden />} onClick={onClear}>
        {t('emptyState.clear')}
      </Button>
    ) : null
  ) : actions ? (
    <Flex gap={8} wrap justify="center">
      {actions}
    </Flex>
  ) : create ? (
    // Its own words ("Add the first one"): the toolbar's create button keeps its name to itself.
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create.onClick} title={create.label}>
      {t('emptyState.addFirst')}
    </Button>
  ) : null;
  return (
    <Flex
      vertical
      align="center"
      gap={compact ? 4 : 8}
      style={{ padding: compact ? '8px 0' : '24px 0' }}
      role="status"
      data-testid={`empty-${kind}`}
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={null} style={{ margin: 0 }} />
      <TextSpan strong>{heading}</TextSpan>
      <TextSpan tone="secondary">{text}</TextSpan>
      {action ? <div style={{ marginTop: compact ? 4 : 8 }}>{action}</div> : null}
    </Flex>
  );
};
