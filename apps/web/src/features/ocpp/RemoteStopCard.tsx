import { RUNNING_CHARGE_STATUSES, type TCharge } from '@zaryad/contracts';
import { Button, Card, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { TextSpan } from '@/components/text/TextSpan';
import { useCharges, useStopCharge } from '@/features/charges';
import { OutcomeLine } from '@/features/ocpp/OutcomeLine';

/**
 * RemoteStopTransaction of a charge running at the station: the charges call's stop (`charges.stop`), which sends it
 * to a charge point that is online; the answer under the list.
 */
export const RemoteStopCard = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const running = useCharges({ station_id__in: [stationId], status: [...RUNNING_CHARGE_STATUSES], page: 1, size: 10 });
  const stop = useStopCharge();
  const showError = useActionError();
  const [outcome, setOutcome] = useState<{ success: boolean; detail?: string | null } | null>(null);
  const run = async (charge: TCharge) => {
    setOutcome(null);
    try {
      const result = await stop.mutateAsync({ transaction_id: charge.number });
      setOutcome({ success: result.success, detail: result.success ? t('actions.remoteStop.sent') : result.detail });
    } catch (error) {
      showError(error);
    }
  };
  const charges = running.data?.items ?? [];
  return (
    <Card size="small" title={t('actions.remoteStop.title')} data-testid="cp-remote-stop">
      <Flex vertical gap={8}>
        {charges.length === 0 ? (
          <TextSpan tone="secondary">
            {running.isFetching && !running.data ? '…' : t('actions.remoteStop.none')}
          </TextSpan>
        ) : (
          <ul aria-label={t('actions.remoteStop.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {charges.map((charge) => (
              <li key={charge.id} style={{ paddingBlock: 4 }}>
                <Flex gap={8} align="center" justify="space-between" wrap>
                  <Flex vertical>
                    <span>
                      {t('actions.remoteStop.charge', {
                        number: charge.number,
                        connector: charge.connector.ocpp_16_id,
                      })}
                    </span>
                    <TextSpan tone="secondary">{charge.user?.name ?? '—'}</TextSpan>
                  </Flex>
                  <Popconfirm
                    title={t('actions.remoteStop.title')}
                    description={t('actions.remoteStop.confirm', { number: charge.number })}
                    okText={t('actions.remoteStop.action')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common:actions.cancel')}
                    onConfirm={() => void run(charge)}
                  >
                    <Button
                      size="small"
                      danger
                      loading={stop.isPending && stop.variables?.transaction_id === charge.number}
                    >
                      {t('actions.remoteStop.action')}
                    </Button>
                  </Popconfirm>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        <OutcomeLine outcome={outcome} />
      </Flex>
    </Card>
  );
};
