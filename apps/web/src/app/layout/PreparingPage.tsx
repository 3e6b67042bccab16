import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu item whose screen is not built yet: a clean, translated notice instead of a broken page. */
export const PreparingPage = () => {
  const { t } = useTranslation('layout');
  return (
    <Result
      icon={<ToolOutlined style={{ color: '#22A699' }} />}
      title={t('preparing.title')}
      subTitle={t('preparing.text')}
    />
  );
};
