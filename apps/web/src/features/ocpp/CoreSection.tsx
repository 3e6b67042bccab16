import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandForm } from '@/features/ocpp/CommandForm';
import { ConnectorSelect, useConnectorIds } from '@/features/ocpp/ConnectorSelect';
import { DriverField, driverOf, type TDriverKind } from '@/features/ocpp/DriverField';
import { RemoteStopCard } from '@/features/ocpp/RemoteStopCard';

const TRIGGERED = ['StatusNotification', 'Heartbeat', 'BootNotification', 'MeterValues'] as const;

type TStartValues = { connectorId: number; driverKind: TDriverKind; idTag?: string; userId?: number };
type TConnectorValues = { connectorId: number };
type TAvailabilityValues = { connectorId: number; type: 'Inoperative' | 'Operative' };
type TTriggerValues = { requestedMessage: (typeof TRIGGERED)[number]; connectorId?: number };
type TDataTransferValues = { vendorId: string; messageId?: string; data?: string };

const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' };

/** Core profile (and Remote Trigger): each command the role may send, as a small form with its confirmation. */
export const CoreSection = ({
  stationId,
  canReset,
  canManage,
  canStop,
}: {
  stationId: number;
  canReset: boolean;
  canManage: boolean;
  canStop: boolean;
}) => {
  const { t } = useTranslation('ocpp');
  const [firstConnector = 1] = useConnectorIds(stationId);
  const required = { required: true, message: t('actions.required') };
  // Unlock, availability and triggers were sent with `stations.reset` before `stations.manage_charge_point` existed.
  const canLegacy = canManage || canReset;
  return (
    <div style={grid}>
      {canManage ? (
        <CommandForm<TStartValues>
          stationId={stationId}
          testId="cp-remote-start"
          title={t('actions.remoteStart.title')}
          confirm={t('actions.remoteStart.confirm')}
          submitLabel={t('actions.remoteStart.action')}
          initialValues={{ connectorId: firstConnector, driverKind: 'user' }}
          toBody={(values) => ({
            action: 'RemoteStartTransaction',
            payload: { connectorId: values.connectorId, ...driverOf(values, 'idTag', 'userId') },
          })}
        >
          <Form.Item name="connectorId" label={t('actions.connector')} rules={[required]} style={{ marginBottom: 0 }}>
            <ConnectorSelect stationId={stationId} />
          </Form.Item>
          <DriverField idTagName="idTag" userIdName="userId" />
        </CommandForm>
      ) : null}
      {canStop ? <RemoteStopCard stationId={stationId} /> : null}
      {canLegacy ? (
        <CommandForm<TConnectorValues>
          stationId={stationId}
          testId="cp-unlock"
          title={t('actions.unlock.title')}
          confirm={t('actions.unlock.confirm')}
          submitLabel={t('actions.unlock.action')}
          initialValues={{ connectorId: firstConnector }}
          toBody={(values) => ({ action: 'UnlockConnector', payload: { connectorId: values.connectorId } })}
        >
          <Form.Item name="connectorId" label={t('actions.connector')} rules={[required]} style={{ marginBottom: 0 }}>
            <ConnectorSelect stationId={stationId} />
          </Form.Item>
        </CommandForm>
      ) : null}
      {canLegacy ? (
        <CommandForm<TAvailabilityValues>
          stationId={stationId}
          testId="cp-availability"
          title={t('actions.availability.title')}
          confirm={t('actions.availability.confirm')}
          submitLabel={t('actions.availability.action')}
          initialValues={{ connectorId: 0, type: 'Inoperative' }}
          toBody={(values) => ({ action: 'ChangeAvailability', payload: values })}
        >
          <Form.Item name="connectorId" label={t('actions.connector')} rules={[required]} style={{ marginBottom: 0 }}>
            <ConnectorSelect stationId={stationId} withStation />
          </Form.Item>
          <Form.Item name="type" label={t('actions.availability.type')} style={{ marginBottom: 0 }}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'Operative', label: t('actions.availability.Operative') },
                { value: 'Inoperative', label: t('actions.availability.Inoperative') },
              ]}
            />
          </Form.Item>
        </CommandForm>
      ) : null}
      {canManage ? (
        <CommandForm<object>
          stationId={stationId}
          testId="cp-clear-cache"
          title={t('actions.clearCache.title')}
          confirm={t('actions.clearCache.confirm')}
          submitLabel={t('actions.clearCache.action')}
          toBody={() => ({ action: 'ClearCache', payload: {} })}
        />
      ) : null}
      {canLegacy ? (
        <CommandForm<TTriggerValues>
          stationId={stationId}
          testId="cp-trigger"
          title={t('actions.trigger.title')}
          confirm={t('actions.trigger.confirm')}
          submitLabel={t('actions.trigger.action')}
          initialValues={{ requestedMessage: 'StatusNotification' }}
          toBody={(values) => ({
            action: 'TriggerMessage',
            payload: {
              requestedMessage: values.requestedMessage,
              ...(values.connectorId ? { connectorId: values.connectorId } : {}),
            },
          })}
        >
          <Form.Item name="requestedMessage" label={t('actions.trigger.message')} style={{ marginBottom: 0 }}>
            <Select options={TRIGGERED.map((message) => ({ value: message, label: message }))} />
          </Form.Item>
          <Form.Item name="connectorId" label={t('actions.trigger.connector')} style={{ marginBottom: 0 }}>
            <ConnectorSelect stationId={stationId} />
          </Form.Item>
        </CommandForm>
      ) : null}
      {canManage ? (
        <CommandForm<TDataTransferValues>
          stationId={stationId}
          testId="cp-data-transfer"
          title={t('actions.dataTransfer.title')}
          confirm={t('actions.dataTransfer.confirm')}
          submitLabel={t('actions.dataTransfer.action')}
          toBody={(values) => ({
            action: 'DataTransfer',
            payload: {
              vendorId: values.vendorId.trim(),
              ...(values.messageId?.trim() ? { messageId: values.messageId.trim() } : {}),
              ...(values.data ? { data: values.data } : {}),
            },
          })}
        >
          <Form.Item
            name="vendorId"
            label={t('actions.dataTransfer.vendorId')}
            rules={[required, { max: 255 }]}
            style={{ marginBottom: 0 }}
          >
            <Input maxLength={255} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="messageId"
            label={t('actions.dataTransfer.messageId')}
            rules={[{ max: 50 }]}
            style={{ marginBottom: 0 }}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item name="data" label={t('actions.dataTransfer.data')} style={{ marginBottom: 0 }}>
            <Input.TextArea maxLength={10_000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </CommandForm>
      ) : null}
    </div>
  );
};
