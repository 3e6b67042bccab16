import { Button, Card, Descriptions, Flex, Popconfirm, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { TSendFullListResult } from '@zaryad/contracts/ocpp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { CommandForm } from '@/features/ocpp/CommandForm';
import { OutcomeLine } from '@/features/ocpp/OutcomeLine';
import { chargePointKeys, useLocalListState, useSendFullLocalList } from '@/features/ocpp/api';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The network's whole list sent to the charge point (a Full SendLocalList built by the server), its answer. */
const SendFullList = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation('ocpp');
  const { count } = useNumberFormat();
  const send = useSendFullLocalList(stationId);
  const [answer, setAnswer] = useState<TSendFullListResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card size="small" title={t('localList.sendFull')} data-testid="cp-local-list-full">
      <Flex vertical gap={8} align="start">
        <Popconfirm
          title={t('localList.sendFullConfirm')}
          onConfirm={async () => {
            setAnswer(null);
            setProblem(null);
            try {
              setAnswer(await send.mutateAsync());
            } catch (error) {
              setProblem(errorMessage(error, t('answerTags.failed')));
            }
          }}
        >
          <Button loading={send.isPending}>{t('localList.sendFullAction')}</Button>
        </Popconfirm>
        {answer ? (
          <>
            <OutcomeLine
              outcome={{
                success:
                  answer.status === 'accepted' &&
                  (answer.response as { status?: unknown } | null)?.status === 'Accepted',
                detail: answer.detail,
              }}
            />
            <TextSpan tone="secondary" data-testid="local-list-sent">
              {t('localList.sentVersion', { version: answer.list_version, entries: count(answer.entries) })}
            </TextSpan>
          </>
        ) : null}
        {problem ? <TextSpan tone="danger">{problem}</TextSpan> : null}
      </Flex>
    </Card>
  );
};

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
        <Flex gap={12} wrap align="start">
          <div style={{ maxWidth: 420, flex: '1 1 280px' }}>
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
          <div style={{ maxWidth: 420, flex: '1 1 280px' }}>
            <SendFullList stationId={stationId} />
          </div>
        </Flex>
      ) : null}
    </Flex>
  );
};
