import { EyeOutlined } from '@ant-design/icons';
import type { TSavedViewList } from '@zaryad/contracts';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The menu (its dropdown, the name form, the views' query) loads after the list: a list screen stays within its weight.
const SavedViewsMenu = lazy(async () => ({
  default: (await import('@/components/saved-views/SavedViewsMenu')).SavedViewsMenu,
}));

/** The Views button of a list's toolbar (docs/product/search.md#saved-views); a disabled button while it loads. */
export const SavedViews = ({ list }: { list: TSavedViewList }) => {
  const { t } = useTranslation('savedViews');
  return (
    <Suspense
      fallback={
        <Button icon={<EyeOutlined />} disabled>
          {t('views')}
        </Button>
      }
    >
      <SavedViewsMenu list={list} />
    </Suspense>
  );
};
