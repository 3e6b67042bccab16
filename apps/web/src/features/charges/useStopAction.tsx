import type { TCharge } from '@zaryad/contracts';
import { App, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';
import { useStopCharge } from '@/features/charges/api';
import { errorMessage } from '@/lib/apiError';

/**
 * The Stop action of SPEC.md section 4: a confirmation, then one request per confirmation, whatever the clicks. A
 * ref, not state, so that a second click in the same frame already sees the first; and it stays set once answered,
 * because a quick server answers before a double click's second click lands on the closing dialog. Only a request
 * that failed on its way (the network, a 5xx) may be sent again from the same dialog. `{success: false}` shows the
 * server's translated reason; a success a message. Either way the list and its totals are read again
 * (useStopCharge). Without `charges.stop` there is no action: `onStop` is undefined and the column is left out.
 */
export const useStopAction = () => {
  const { t } = useTranslation(['charges', 'common']);
  const { message } = App.useApp();
  const canStop = useCan('charges.stop');
  const stop = useStopCharge();
  const [charge, setCharge] = useState<TCharge | null>(null);
  const isSending = useRef(false);

  const confirm = async () => {
    if (!charge || isSending.current) {
      return;
    }
    isSending.current = true;
    try {
      const result = await stop.mutateAsync({ transaction_id: charge.number });
      if (result.success) {
        void message.success(t('stop.stopped', { number: charge.number }));
      } else {
        void message.error(result.detail ?? t('stop.failed'));
      }
      setCharge(null);
    } catch (error) {
      isSending.current = false;
      void message.error(errorMessage(error, t('stop.failed')));
    }
  };

  const ask = (next: TCharge) => {
    isSending.current = false;
    setCharge(next);
  };

  const modal = (
    <Modal
      open={charge !== null}
      title={t('stop.title')}
      okText={t('stop.action')}
      okButtonProps={{ danger: true }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={stop.isPending}
      onOk={() => void confirm()}
      onCancel={() => {
        if (!isSending.current) {
          setCharge(null);
        }
      }}
      destroyOnHidden
    >
      {charge ? t('stop.confirm', { number: charge.number, station: charge.station.name }) : null}
    </Modal>
  );

  return {
    onStop: canStop ? ask : undefined,
    /** The charge whose stop request is on its way: its button waits, the others are disabled. */
    stopping: stop.isPending ? (charge?.id ?? null) : null,
    modal,
  };
};
