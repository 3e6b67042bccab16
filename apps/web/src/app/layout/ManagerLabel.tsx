import { UserOutlined } from '@ant-design/icons';
import { Avatar, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '@/app/layout/useMe';

/** The signed-in manager's first and last name from `/accounts/me/`, a link to their profile and open sessions. */
export const ManagerLabel = () => {
  const { t } = useTranslation('layout');
  const { data: me } = useMe();
  const name = me ? `${me.first_name} ${me.last_name}`.trim() : '';
  return (
    <Link to="/profile">
      <Space size={8} aria-label={name ? t('header.manager', { name }) : undefined} data-testid="manager-label">
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#22A699' }} />
        <strong>{name}</strong>
      </Space>
    </Link>
  );
};
