import { DownOutlined, EyeOutlined, TeamOutlined } from '@ant-design/icons';
import type { TSavedView, TSavedViewList } from '@zaryad/contracts';
import { App, Button, Checkbox, Dropdown, Form, Input, Modal, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useColumnSettings } from '@/components/data-table/useColumnSettings';
import { useSavedViewChanges, useSavedViews } from '@/components/saved-views/api';
import { activeView, urlFilters, withFilters } from '@/components/saved-views/viewState';
import { DeferredPopup } from '@/components/deferred-popup/DeferredPopup';

type TSavedViewsMenuProps = { list: TSavedViewList };

type TNameForm = { name: string; shared: boolean };

/**
 * The views of a list in its toolbar (docs/product/search.md#saved-views): apply one (its filters into the URL, its
 * columns and density into the column settings), save the current filters and columns as a new one, and rename, share,
 * update or delete the active one when it is the account's own.
 */
export const SavedViewsMenu = ({ list }: TSavedViewsMenuProps) => {
  const { t } = useTranslation('savedViews');
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const views = useSavedViews(list);
  const { create, update, remove } = useSavedViewChanges(list);
  const columns = useColumnSettings(list);
  const [editing, setEditing] = useState<'create' | 'rename' | null>(null);
  const [hasModal, setHasModal] = useState(false);
  if (editing !== null && !hasModal) {
    setHasModal(true);
  }
  const [form] = Form.useForm<TNameForm>();

  const current = urlFilters(params);
  const all = views.data ?? [];
  const active = activeView(all, current);
  const own = all.filter((view) => view.is_own);
  const shared = all.filter((view) => !view.is_own);
  const currentState = () => ({
    filters: current,
    sort: null,
    columns: columns.settings.columns,
    density: columns.settings.density,
  });

  const apply = (view: TSavedView) => {
    setParams((now) => withFilters(now, view.state.filters));
    if (view.state.columns || view.state.density) {
      void columns
        .save({
          columns: view.state.columns ?? columns.settings.columns,
          density: view.state.density ?? columns.settings.density,
        })
        .catch(() => message.error(t('failed')));
    }
  };
  const fail = () => void message.error(t('failed'));

  const viewItem = (view: TSavedView) => ({
    key: `view-${view.id}`,
    label: view.is_own ? view.name : t('sharedBy', { name: view.name, owner: view.owner.name }),
    icon: view.shared ? <TeamOutlined aria-label={t('sharedIcon')} /> : <EyeOutlined aria-hidden />,
    onClick: () => apply(view),
  });
  const items: MenuProps['items'] = [
    ...(own.length > 0 ? [{ type: 'group' as const, key: 'own', label: t('mine'), children: own.map(viewItem) }] : []),
    ...(shared.length > 0
      ? [{ type: 'group' as const, key: 'shared', label: t('shared'), children: shared.map(viewItem) }]
      : []),
    ...(all.length > 0 ? [{ type: 'divider' as const }] : []),
    { key: 'save', label: t('saveCurrent'), onClick: () => setEditing('create') },
    ...(active?.is_own
      ? [
          {
            key: 'update',
            label: t('update', { name: active.name }),
            onClick: () =>
              update.mutate(
                { id: active.id, body: { state: currentState() } },
                { onSuccess: () => void message.success(t('updated')), onError: fail },
              ),
          },
          { key: 'rename', label: t('rename'), onClick: () => setEditing('rename') },
          {
            key: 'share',
            label: active.shared ? t('unshare') : t('share'),
            onClick: () => update.mutate({ id: active.id, body: { shared: !active.shared } }, { onError: fail }),
          },
          {
            key: 'delete',
            danger: true,
            label: t('delete'),
            onClick: () =>
              void modal.confirm({
                title: t('deleteConfirm', { name: active.name }),
                okText: t('delete'),
                okButtonProps: { danger: true },
                cancelText: t('cancel'),
                onOk: () => remove.mutateAsync(active.id).catch(fail),
              }),
          },
        ]
      : []),
  ];

  const submit = async ({ name, shared: isShared }: TNameForm) => {
    try {
      if (editing === 'rename' && active) {
        await update.mutateAsync({ id: active.id, body: { name } });
      } else {
        await create.mutateAsync({ list, name, shared: isShared, state: currentState() });
        message.success(t('saved', { name: name.trim() }));
      }
      setEditing(null);
    } catch {
      fail();
    }
  };

  return (
    <>
      {/* The dropdown mounts at the first click, the name form's modal at its first opening: antd generates their
          styles when they first render, and the toolbar is drawn with the list. */}
      <DeferredPopup
        popup={(trigger, control) => (
          <Dropdown menu={{ items }} trigger={['click']} {...control}>
            {trigger}
          </Dropdown>
        )}
      >
        <Button icon={<EyeOutlined />} aria-label={active ? t('menuActive', { name: active.name }) : t('menu')}>
          {active ? active.name : t('views')} <DownOutlined />
        </Button>
      </DeferredPopup>
      {hasModal && (
        <Modal
          open={editing !== null}
          title={editing === 'rename' ? t('rename') : t('saveCurrent')}
          okText={t('save')}
          cancelText={t('cancel')}
          onCancel={() => setEditing(null)}
          onOk={() => form.submit()}
          confirmLoading={create.isPending || update.isPending}
          destroyOnHidden
        >
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ name: editing === 'rename' ? (active?.name ?? '') : '', shared: false }}
            onFinish={(values) => void submit(values)}
          >
            <Form.Item
              name="name"
              label={t('name')}
              rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 100 }]}
            >
              <Input autoFocus maxLength={100} />
            </Form.Item>
            {editing === 'create' && (
              <Form.Item name="shared" valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox>{t('shareWithEveryone')}</Checkbox>
              </Form.Item>
            )}
          </Form>
        </Modal>
      )}
    </>
  );
};
