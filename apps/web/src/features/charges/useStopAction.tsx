import type { TCharge } from '@zaryad/contracts';
import { App, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';
import { useStopCharge } from '@/features/charges/api';
import { silenceParts } from '@/features/charges/chargeText';
import { errorMessage } from '@/lib/apiError';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * The Stop action of docs/product/charges.md#4-states-and-rules: a confirmation, then one request per confirmation, whatever the clicks. A
 * ref, not state, so that a second click in the same frame already sees the first; and it stays set once answered,
 * because a quick server answers before a double click's second click lands on the closing dialog. Only a request
 * that failed on its way (the network, a 5xx) may be sent again from the same dialog. `{success: false}` shows the
 * server's translated reason; a success a message. Either way the list and its totals are read again
 * (useStopCharge). Without `charges.stop` there is no action: `onStop` is undefined and the column is left out.
 *
 * When the charge's charge point is not online (`charge_point` of the charge: offline, or none ever connected), the
 * confirmation says that the charge will be closed without it at its last meter reading, how long it has been silent
 * and, when the server's waiting time has not passed yet, how long is left; it then sends `force`.
 */
export const useStopAction = () => {
  const { t } = useTranslation(['charges', 'common']);
  const { kwh } = useNumberFormat();
  const { message } = App.useApp();
  const canStop = useCan('charges.stop');
  const stop = useStopCharge();
  const [charge, setCharge] = useState<TCharge | null>(null);
  const isSending = useRef(false);
  const point = charge?.charge_point ?? null;
  const isForce = point !== null && point.state !== 'online';

  const duration = (seconds: number) => {
    const { hours, minutes } = silenceParts(seconds);
    if (hours > 0) {
      return t('silence.hoursMinutes', { hours, minutes: String(minutes).padStart(2, '0') });
    }
    return minutes > 0 ? t('silence.minutes', { minutes }) : t('silence.underMinute');
  };

  const forceText = (gone: TCharge) => {
    const values = { number: gone.number, station: gone.station.name, kwh: kwh(gone.consumption_kwh) };
    if (!point || point.state === 'none' || point.silent_for === null) {
      return t('stop.force.none', values);
    }
    const text = t('stop.force.offline', { ...values, silence: duration(point.silent_for) });
    return point.force_finish_in > 0
      ? `${text} ${t('stop.force.wait', { wait: duration(Math.max(60, point.force_finish_in)) })}`
      : text;
  };

  const confirm = async () => {
    if (!charge || isSending.current) {
      return;
    }
    isSending.current = true;
    try {
      const result = await stop.mutateAsync(
        isForce ? { transaction_id: charge.number, force: true } : { transaction_id: charge.number },
      );
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
      title={isForce ? t('stop.force.title') : t('stop.title')}
      okText={isForce ? t('stop.force.action') : t('stop.action')}
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
      {charge
        ? isForce
          ? forceText(charge)
          : t('stop.confirm', { number: charge.number, station: charge.station.name })
        : null}
    </Modal>
  );

  return {
    onStop: canStop ? ask : undefined,
    /** The charge whose stop request is on its way: its button waits, the others are disabled. */
    stopping: stop.isPending ? (charge?.id ?? null) : null,
    modal,
  };
};
