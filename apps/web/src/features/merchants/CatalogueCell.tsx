import type { TCatalogueRef } from '@zaryad/contracts';
import { Button, Flex, Popover, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCatalogueTitle } from '@/features/pickers';

/** docs/product/merchants.md#2-screens: the first item, and a '+N' button that shows the others in a popover. */
export const CatalogueCell = ({ items }: { items: readonly TCatalogueRef[] }) => {
  const { t } = useTranslation('merchants');
  const title = useCatalogueTitle();
  const [first, ...rest] = items;
  if (!first) {
    return <span>—</span>;
  }
  return (
    <Flex gap={4} align="center" wrap={false}>
      <Tag style={{ marginInlineEnd: 0 }}>{title(first)}</Tag>
      {rest.length > 0 ? (
        <Popover
          trigger="click"
          content={
            <Flex vertical gap={4} role="list">
              {rest.map((item) => (
                <span role="listitem" key={item.id}>
                  {title(item)}
                </span>
              ))}
            </Flex>
          }
        >
          <Button size="small" type="link" aria-label={t('stations.showMore', { count: rest.length })}>
            +{rest.length}
          </Button>
        </Popover>
      ) : null}
    </Flex>
  );
};
