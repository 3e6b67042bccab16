import { RESET_TYPES } from '@zaryad/contracts';
import { Button, Card, Flex, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { OutcomeLine } from '@/features/ocpp/OutcomeLine';
import { useResetChargePoint } from '@/features/ocpp/api';

/** Reset Soft or Hard (its own call, `stations.reset`), each after a confirmation, its answer under the buttons. */
export const ResetCard = ({ stationId, identity }: { stationId: number; identity: string }) => {
  const { t } = useTranslation(['ocpp', 'common']);
  const reset = useResetChargePoint(stationId, identity);
  const showError = useActionError();
  const [outcome, setOutcome] = useState<{ success: boolean; detail: string } | null>(null);
  const run = async (type: (typeof RESET_TYPES)[number]) => {
    setOutcome(null);
    try {
      setOutcome(await reset.mutateAsync(type));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Card size="small" title={t('actions.reset.title')} data-testid="cp-reset">
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          {RESET_TYPES.map((type) => (
            <Popconfirm
              key={type}
              title={t('actions.reset.title')}
              description={t(`actions.reset.confirm${type}`)}
              okText={t(`actions.reset.${type}`)}
              okButtonProps={{ danger: type === 'Hard' }}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => void run(type)}
            >
              <Button danger={type === 'Hard'} loading={reset.isPending && reset.variables === type}>
                {t(`actions.reset.${type}`)}
              </Button>
            </Popconfirm>
          ))}
        </Flex>
        <OutcomeLine outcome={outcome} />
      </Flex>
    </Card>
  );
};
