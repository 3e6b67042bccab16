import { Descriptions, Flex, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CommandForm } from '@/features/ocpp/CommandForm';
import { chargePointKeys, useLocalListState } from '@/features/ocpp/api';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * Local Auth List Management: where the charge point stands with the network's list of RFID cards (the server sends
 * the Full list after a boot when the versions differ, and each change as a Differential update), and
 * GetLocalListVersion to ask it now.
 */
export const LocalListSection = ({ stationId, canManage }: { stationId: number; canManage: boolean }) => {
  const { t } = useTranslation('ocpp');
  const { count } = useNumberFormat();
  const queryClient = useQueryClient();
  const { data: state } = useLocalListState(stationId);
  const supported =
    state?.supported === null || state === undefined
      ? t('localList.notAsked')
      : state.supported
        ? t('localList.yes')
        : t('localList.no');
  return (
    <Flex vertical gap={12} data-testid="cp-local-list">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'supported', label: t('localList.supported'), children: supported },
          {
            key: 'version',
            label: t('localList.version'),
            children: (
              <Flex gap={8} align="center" wrap>
                <span data-testid="local-list-version">{state?.version ?? '—'}</span>
                {state ? (
                  <Tag color={state.in_sync ? 'green' : 'orange'}>
                    {state.in_sync ? t('localList.inSync') : t('localList.behind')}
                  </Tag>
                ) : null}
              </Flex>
            ),
          },
          { key: 'network', label: t('localList.networkVersion'), children: state?.network_version ?? '—' },
          { key: 'entries', label: t('localList.entries'), children: state ? count(state.entries) : '—' },
          {
            key: 'checked',
            label: t('localList.checkedAt'),
            children: state?.checked_at ? formatDateTime(state.checked_at) : '—',
          },
        ]}
      />
      {canManage ? (
        <div style={{ maxWidth: 420 }}>
          <CommandForm<object>
            stationId={stationId}
            testId="cp-local-list-version"
            title={t('localList.getVersion')}
            confirm={t('localList.getVersionConfirm')}
            submitLabel={t('localList.getVersionAction')}
            toBody={() => ({ action: 'GetLocalListVersion', payload: {} })}
            onAnswer={() => void queryClient.invalidateQueries({ queryKey: chargePointKeys.localList(stationId) })}
          />
        </div>
      ) : null}
    </Flex>
  );
};
