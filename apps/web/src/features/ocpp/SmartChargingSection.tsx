import type { TCompositeSchedule } from '@zaryad/contracts/ocpp-smart';
import { Button, Card, Empty, Flex, InputNumber, Popconfirm, Select, Tag, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';
import { useChargePointState } from '@/features/ocpp/api';
import { CompositeScheduleChart } from '@/features/ocpp/CompositeScheduleChart';
import { PowerLimitForm, SentLine } from '@/features/ocpp/PowerLimitForm';
import {
  useSmartChargingCommand,
  useStationPowerLimit,
  useStationPowerLimitActions,
} from '@/features/ocpp/smartChargingApi';

type TAnswer = { action: string; status: string };

/** GetCompositeSchedule for a connector over the next hours, drawn as a chart (its answer's tag beside). */
const CompositeSchedule = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation('smartCharging');
  const state = useChargePointState(stationId);
  const command = useSmartChargingCommand(stationId);
  const showError = useActionError();
  const [connectorId, setConnectorId] = useState(0);
  const [hours, setHours] = useState(24);
  const [answer, setAnswer] = useState<{ status: string; schedule: TCompositeSchedule | null } | null>(null);
  const connectors = (state.data?.connectors ?? []).map((connector) => connector.connector_id).filter((id) => id > 0);
  const ask = async () => {
    setAnswer(null);
    try {
      const result = await command.mutateAsync({
        action: 'GetCompositeSchedule',
        payload: { connectorId, duration: hours * 3600, chargingRateUnit: 'W' },
      });
      setAnswer({ status: result.status, schedule: (result.response as TCompositeSchedule | null) ?? null });
    } catch (error) {
      showError(error);
    }
  };
  const schedule = answer?.schedule?.chargingSchedule;
  return (
    <Flex vertical gap={8} data-testid="composite-schedule">
      <Typography.Text strong>{t('schedule')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <Select
          aria-label={t('connector')}
          value={connectorId}
          onChange={setConnectorId}
          style={{ minWidth: 160 }}
          options={[
            { value: 0, label: t('wholeStation') },
            ...connectors.map((id) => ({ value: id, label: t('connectorN', { id }) })),
          ]}
        />
        <InputNumber
          aria-label={t('hours')}
          addonAfter={t('hours')}
          min={1}
          max={168}
          value={hours}
          onChange={(value) => setHours(value ?? 24)}
          style={{ width: 180 }}
        />
        <Button loading={command.isPending} onClick={() => void ask()}>
          {t('show')}
        </Button>
      </Flex>
      {answer && answer.status !== 'accepted' ? (
        <SentLine commands={[{ action: 'GetCompositeSchedule', status: answer.status }]} />
      ) : null}
      {answer?.status === 'accepted' ? (
        schedule && schedule.chargingSchedulePeriod.length > 0 ? (
          <CompositeScheduleChart
            start={schedule.startSchedule ?? answer.schedule?.scheduleStart ?? new Date().toISOString()}
            durationS={schedule.duration ?? hours * 3600}
            unit={schedule.chargingRateUnit}
            periods={schedule.chargingSchedulePeriod}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSchedule')} />
        )
      ) : null}
    </Flex>
  );
};

/**
 * Smart Charging of station info's charge point panel: the station's power limit (kW, time windows of Bishkek time)
 * sent as its ChargePointMaxProfile, ClearChargingProfile of every profile it holds, and its composite schedule as a
 * chart. The site's limit, when its merchant has one, is said beside.
 */
export const SmartChargingSection = (props: { stationId: number; canManage: boolean }) => (
  // Its texts are a namespace of their own, loaded when it first renders: only this card waits for them.
  <Suspense fallback={null}>
    <SmartChargingCard {...props} />
  </Suspense>
);

const SmartChargingCard = ({ stationId, canManage }: { stationId: number; canManage: boolean }) => {
  const { t } = useTranslation(['smartCharging', 'common']);
  const limit = useStationPowerLimit(stationId);
  const { save, clear } = useStationPowerLimitActions(stationId);
  const command = useSmartChargingCommand(stationId);
  const showError = useActionError();
  const [cleared, setCleared] = useState<TAnswer | null>(null);
  const clearAll = async () => {
    setCleared(null);
    try {
      const result = await command.mutateAsync({ action: 'ClearChargingProfile', payload: {} });
      setCleared({ action: 'ClearChargingProfile', status: result.status });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Card size="small" title={t('title')} data-testid="cp-smart-charging">
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          <Flex gap={8} wrap align="center">
            <Typography.Text strong>{t('stationLimit')}</Typography.Text>
            {limit.data?.site_limit_kw != null ? (
              <Tag color="blue">{t('siteNow', { value: limit.data.site_limit_kw })}</Tag>
            ) : null}
          </Flex>
          <PowerLimitForm
            kept={limit.data}
            canManage={canManage}
            confirmText={t('saveConfirm')}
            onSave={(body) => save.mutateAsync(body)}
            onClear={() => clear.mutateAsync()}
            testId="station-power-limit"
          />
        </Flex>
        {canManage ? (
          <Flex gap={8} wrap align="center">
            <Popconfirm
              title={t('clearProfiles')}
              description={t('clearProfilesConfirm')}
              okText={t('clearProfiles')}
              okButtonProps={{ danger: true }}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => void clearAll()}
            >
              <Button danger loading={command.isPending && command.variables?.action === 'ClearChargingProfile'}>
                {t('clearProfiles')}
              </Button>
            </Popconfirm>
            {cleared ? <SentLine commands={[cleared]} /> : null}
          </Flex>
        ) : null}
        {canManage ? <CompositeSchedule stationId={stationId} /> : null}
      </Flex>
    </Card>
  );
};
