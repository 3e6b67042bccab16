import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filterChips, type TChipDefinition, urlFilters, withoutFilters } from '@/components/saved-views/viewState';

type TFilterChipsProps = {
  /** The list's filters as chips: a label, the URL names each covers, how its values read. */
  definitions: readonly TChipDefinition[];
};

/**
 * The filters in force, each a removable chip ("Status: Finished, Stopped ×"), and "Clear all" past one: a list shows
 * what narrows it even with its filter panel folded (docs/product/search.md#saved-views). Reads and writes the URL,
 * which every list keeps its filters in.
 */
export const FilterChips = ({ definitions }: TFilterChipsProps) => {
  const { t } = useTranslation('savedViews');
  const [params, setParams] = useSearchParams();
  const chips = filterChips(urlFilters(params), [{ label: t('search'), keys: ['search'] }, ...definitions]);
  if (chips.length === 0) {
    return null;
  }
  return (
    <Flex wrap gap={8} align="center" role="list" aria-label={t('chips')} style={{ marginBottom: 12 }}>
      {chips.map((chip) => (
        <Tag
          key={chip.id}
          role="listitem"
          closable
          closeIcon={<CloseOutlined aria-label={t('remove', { filter: chip.label })} />}
          onClose={(event) => {
            event.preventDefault();
            setParams((current) => withoutFilters(current, chip.keys), { replace: true });
          }}
          style={{ marginInlineEnd: 0, maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {chip.label}: {chip.text}
        </Tag>
      ))}
      {chips.length > 1 && (
        <Button
          type="link"
          size="small"
          onClick={() =>
            setParams(
              (current) =>
                withoutFilters(
                  current,
                  chips.flatMap((chip) => chip.keys),
                ),
              { replace: true },
            )
          }
        >
          {t('clearAll')}
        </Button>
      )}
    </Flex>
  );
};
