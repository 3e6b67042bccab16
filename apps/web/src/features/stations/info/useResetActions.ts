import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { type TStationResetType, useResetStation } from '@/features/stations/api';

/**
 * Hard or Soft restart after a confirmation. The server says whether the request reached the charge point: its
 * detail shows as a success or an error (docs/product/stations.md#8-messages).
 */
export const useResetActions = (stationId: number, identity: string) => {
  const { t } = useTranslation(['stationInfo', 'common']);
  const { modal, message } = App.useApp();
  const reset = useResetStation(stationId);
  const showError = useActionError();
  return {
    isPending: reset.isPending,
    confirmReset: (type: TStationResetType) => {
      modal.confirm({
        title: t('reset.title'),
        content: t('reset.confirm', { type, identity }),
        okText: t('actions.reset', { type }),
        cancelText: t('common:actions.cancel'),
        onOk: async () => {
          try {
            const result = await reset.mutateAsync({ identity, type });
            void (result.success ? message.success(result.detail) : message.error(result.detail));
          } catch (error) {
            showError(error);
          }
        },
      });
    },
  };
};
