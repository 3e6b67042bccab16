import { Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/signOut';

export const LogoutPage = () => {
  const { t } = useTranslation('layout');
  useEffect(() => {
    void signOut();
  }, []);
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin description={t('loggingOut')} />
    </Flex>
  );
};
