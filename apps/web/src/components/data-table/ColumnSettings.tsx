import { ArrowDownOutlined, ArrowUpOutlined, LockOutlined, SettingOutlined } from '@ant-design/icons';
import type { TListDensity } from '@zaryad/contracts';
import { App, Button, Checkbox, Flex, Popover, Segmented } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS_KEY,
  arrangeColumns,
  columnLabel,
  moveColumn,
  toColumnSettings,
  type TListColumn,
} from '@/components/data-table/columnPriority';
import type { TColumnSettingsState } from '@/components/data-table/useColumnSettings';
import { DeferredPopup } from '@/components/deferred-popup/DeferredPopup';
import { TextSpan } from '@/components/text/TextSpan';

type TColumnSettingsProps<T> = {
  /** The list's declared columns (with their priorities). */
  columns: readonly TListColumn<T>[];
  /** `useColumnSettings(list)`: what is saved, and how to save. */
  state: TColumnSettingsState;
};

/**
 * The list toolbar's column settings (issue 33, item 2): show or hide each column, move it up or down, compact or
 * comfortable rows, back to the defaults. Each change is saved on the server for the account at once; the identity
 * and the row actions are listed as always shown.
 */
export const ColumnSettings = <T,>({ columns, state }: TColumnSettingsProps<T>) => {
  const { t } = useTranslation('kit');
  const { message } = App.useApp();
  const titleId = useId();
  const { all } = arrangeColumns(columns, state.settings);
  const current = toColumnSettings(all);

  const save = (next: Partial<typeof state.settings>) => {
    state.save({ ...state.settings, columns: current, ...next }).catch(() => {
      void message.error(t('columns.saveFailed'));
    });
  };

  const content = (
    <Flex vertical gap={12} style={{ width: 300, maxWidth: 'calc(100vw - 48px)' }}>
      <TextSpan tone="secondary">{t('columns.hint')}</TextSpan>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}>
        {all.map(({ column, hidden, locked }, index) => {
          // The row actions' header is hidden text on most lists: the settings name them in words.
          const name =
            column.key === ACTIONS_KEY && column.label === undefined && typeof column.title !== 'string'
              ? t('columns.rowActions')
              : columnLabel(column);
          if (locked) {
            return (
              <li key={column.key} style={{ padding: '4px 0' }}>
                <Flex align="center" gap={8}>
                  <LockOutlined aria-hidden style={{ width: 16 }} />
                  <TextSpan tone="secondary">{t('columns.pinned', { name })}</TextSpan>
                </Flex>
              </li>
            );
          }
          const position = current.findIndex((item) => item.key === column.key);
          return (
            <li key={column.key} style={{ padding: '2px 0' }}>
              <Flex align="center" gap={4}>
                <Checkbox
                  checked={!hidden}
                  aria-label={t('columns.show', { name })}
                  style={{ flex: 1, minWidth: 0 }}
                  onChange={(event) => {
                    save({
                      columns: current.map((item) =>
                        item.key === column.key ? { ...item, hidden: !event.target.checked } : item,
                      ),
                    });
                  }}
                >
                  {name}
                </Checkbox>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={t('columns.moveUp', { name })}
                  disabled={position <= 0}
                  onClick={() => {
                    save({ columns: moveColumn(current, column.key, -1) });
                  }}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={t('columns.moveDown', { name })}
                  disabled={position < 0 || position >= current.length - 1 || index >= all.length - 1}
                  onClick={() => {
                    save({ columns: moveColumn(current, column.key, 1) });
                  }}
                />
              </Flex>
            </li>
          );
        })}
      </ul>
      <Flex vertical gap={4}>
        <TextSpan tone="secondary">{t('columns.density')}</TextSpan>
        <Segmented<TListDensity>
          block
          aria-label={t('columns.density')}
          value={state.settings.density}
          options={[
            { value: 'compact', label: t('columns.compact') },
            { value: 'comfortable', label: t('columns.comfortable') },
          ]}
          onChange={(density) => {
            save({ density });
          }}
        />
      </Flex>
      <Button
        onClick={() => {
          state.reset().catch(() => {
            void message.error(t('columns.saveFailed'));
          });
        }}
      >
        {t('columns.reset')}
      </Button>
    </Flex>
  );

  // The popover mounts at the first click: every list's toolbar is in its screen's first frame.
  return (
    <DeferredPopup
      popup={(trigger, control) => (
        <Popover
          trigger="click"
          placement="bottomRight"
          title={<span id={titleId}>{t('columns.title')}</span>}
          content={content}
          {...control}
        >
          {trigger}
        </Popover>
      )}
    >
      <Button icon={<SettingOutlined aria-hidden />}>{t('columns.button')}</Button>
    </DeferredPopup>
  );
};
