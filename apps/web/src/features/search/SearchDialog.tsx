import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_MAX_LENGTH, type TSearchResult } from '@zaryad/contracts';
import { Input, Modal, Spin, theme, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { searchKeyAction, searchOptions, shownGroups, type TSearchOption } from '@/features/search/searchNavigation';
import { api } from '@/lib/apiClient';

/** A pause in typing before the search is asked: a few keystrokes make one request. */
const DEBOUNCE_MS = 150;

const useDebounced = (value: string) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
};

type TSearchDialogProps = { onClose: () => void };

/** The search box and its grouped results; the arrow keys move, Enter opens, Escape closes. */
export const SearchDialog = ({ onClose }: TSearchDialogProps) => {
  const { t, i18n } = useTranslation('search');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim());
  const query = useQuery({
    queryKey: queryKeys.search.list({ q, language: i18n.language }),
    queryFn: ({ signal }) => api.get<TSearchResult>('/search/', { query: { q }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const result = q.length > 0 ? query.data : undefined;
  const options = useMemo(() => searchOptions(result), [result]);
  const groups = shownGroups(result);

  useEffect(() => setActive(-1), [result]);

  const close = onClose;
  const openOption = (option: TSearchOption) => {
    close();
    void navigate(option.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = searchKeyAction(event.key, active, options);
    if (!action) {
      return;
    }
    event.preventDefault();
    if (action.type === 'move') {
      setActive(action.active);
    } else if (action.type === 'open') {
      openOption(action.option);
    } else {
      close();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  let index = -1;
  const isSearching = q.length > 0 && (query.isFetching || q !== text.trim());
  return (
    <Modal
      open
      onCancel={close}
      footer={null}
      closable={false}
      keyboard={false}
      width={640}
      styles={{ body: { padding: 0 } }}
      title={null}
      aria-label={t('title')}
    >
      <Input
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined />}
        suffix={isSearching ? <Spin size="small" /> : null}
        placeholder={t('placeholder')}
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('title')}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('results')}
        style={{ maxHeight: '60vh', overflowY: 'auto', padding: 8 }}
      >
        {q.length === 0 && <Typography.Text type="secondary">{t('hint')}</Typography.Text>}
        {query.isError && q.length > 0 && <Typography.Text type="danger">{t('failed')}</Typography.Text>}
        {result && groups.length === 0 && !isSearching && (
          <Typography.Text type="secondary">{t('nothing', { text: result.q })}</Typography.Text>
        )}
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-label={t(`groups.${group.kind}`)}>
            <div
              style={{ padding: '8px 8px 4px', fontSize: 12, fontWeight: 600, color: token.colorTextSecondary }}
              aria-hidden
            >
              {t(`groups.${group.kind}`)}
            </div>
            {group.items.map((hit) => {
              index += 1;
              const position = index;
              const option = options[position];
              const isActive = position === active;
              return option ? (
                <Link
                  key={`${group.kind}-${hit.id}`}
                  id={optionId(position)}
                  role="option"
                  aria-selected={isActive}
                  to={option.path}
                  onClick={(event) => {
                    event.preventDefault();
                    openOption(option);
                  }}
                  onPointerMove={() => setActive(position)}
                  style={{
                    display: 'block',
                    padding: '6px 8px',
                    borderRadius: token.borderRadius,
                    background: isActive ? token.controlItemBgActive : undefined,
                    color: token.colorText,
                  }}
                >
                  <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {group.kind === 'charges' ? t('charge', { number: hit.title }) : hit.title}
                  </div>
                  {hit.subtitle && (
                    <div
                      style={{
                        fontSize: 12,
                        color: token.colorTextSecondary,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {hit.subtitle}
                    </div>
                  )}
                </Link>
              ) : null;
            })}
            {group.more && (
              <div style={{ padding: '2px 8px 6px', fontSize: 12, color: token.colorTextTertiary }}>{t('more')}</div>
            )}
          </div>
        ))}
      </div>
      <div
        style={{
          padding: '8px 16px',
          fontSize: 12,
          color: token.colorTextSecondary,
          borderTop: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {t('keys')}
      </div>
    </Modal>
  );
};
