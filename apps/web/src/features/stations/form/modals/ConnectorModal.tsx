import { ZConnectorInput } from '@zaryad/contracts';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectorPositions, useConnectorTypes } from '@/features/lookups';
import { usePersonalRateOptions } from '@/features/pickers';
import {
  isPositionTaken,
  nextFreePosition,
  type TConnectorDraft,
  type TModuleDraft,
} from '@/features/stations/form/modules';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { TextSpan } from '@/components/text/TextSpan';

type TConnectorFormValues = {
  typo?: string;
  power_kWh: number | null;
  custom_fee: string;
  rate_id: number | null;
  position: number | undefined;
  cable_length: string;
};

export type TConnectorModalProps = {
  open: boolean;
  /** The module the connector belongs to. */
  evseId: number;
  /** The connector being edited, or null for a new one. */
  connector: TConnectorDraft | null;
  /** Known on edit: the modal is labelled with it. */
  stationId?: number;
  /** Every module, for the inline duplicate-position check. */
  modules: readonly TModuleDraft[];
  onSave: (draft: TConnectorDraft) => void;
  onCancel: () => void;
};

/**
 * A new connector opens valid (issue 33): the next free position and no power (required: a power of 0 is no default);
 * nothing is checked before the operator touches a field.
 */
const toFormValues = (connector: TConnectorDraft | null, freePosition: number | undefined): TConnectorFormValues => ({
  typo: connector?.typo,
  power_kWh: connector?.power_kWh ?? null,
  custom_fee: connector?.custom_fee ?? '',
  rate_id: connector?.rate_id ?? null,
  position: connector?.position ?? freePosition,
  cable_length: connector?.cable_length === null || connector === null ? '' : String(connector.cable_length),
});

/** The two optional lines of text, each checked by its contract field (empty is sent as null). */
const OPTIONAL_TEXTS = {
  custom_fee: { label: 'connector.customFee', inputMode: 'decimal' },
  cable_length: { label: 'connector.cableLength', inputMode: 'numeric' },
} as const;

/** docs/product/stations.md sections 2 and 5: the connector form, a 352 px modal. */
export const ConnectorModal = ({
  open,
  evseId,
  connector,
  stationId,
  modules,
  onSave,
  onCancel,
}: TConnectorModalProps) => {
  const { t } = useTranslation(['stationForm', 'common']);
  const { money } = useNumberFormat();
  const [form] = Form.useForm<TConnectorFormValues>();
  const types = useConnectorTypes();
  const positions = useConnectorPositions();
  const typo = Form.useWatch('typo', form);
  // Tariffs II: the personal rates of the chosen type, any status (one prices while it is active).
  const personalRates = usePersonalRateOptions(typo);
  const ocpp16Id = connector?.ocpp_16_id ?? 0;
  const defaultFee = types.data?.find((type) => type.key === typo)?.fee_default;
  const freePosition = nextFreePosition(
    modules,
    (positions.data ?? []).map((position) => position.key),
  );

  // The positions came after the modal opened (a first visit): a new connector takes the free one, unless chosen.
  useEffect(() => {
    if (connector === null && freePosition !== undefined && !form.isFieldTouched('position')) {
      if (form.getFieldValue('position') === undefined) {
        form.setFieldValue('position', freePosition);
      }
    }
  }, [connector, form, freePosition]);

  const save = (values: TConnectorFormValues) => {
    const cableLength = values.cable_length.trim();
    const fee = values.custom_fee.trim();
    onSave({
      ...(connector?.id === undefined ? {} : { id: connector.id }),
      evse_id: connector?.evse_id ?? evseId,
      connector_id: connector?.connector_id ?? 0,
      ocpp_16_id: ocpp16Id,
      typo: values.typo ?? '',
      // Both required: the form is valid here.
      position: values.position ?? 0,
      power_kWh: values.power_kWh ?? 0,
      // docs/product/stations.md#5-validation: an empty cable length or personal tariff is sent as null.
      cable_length: cableLength === '' ? null : Number(cableLength),
      custom_fee: fee === '' ? null : fee,
      rate_id: values.rate_id ?? null,
      rate_name: personalRates.data?.items.find((rate) => rate.id === values.rate_id)?.name ?? null,
    });
    form.resetFields();
  };

  const optionalText = (name: keyof typeof OPTIONAL_TEXTS) => (
    <Form.Item name={name} label={t(OPTIONAL_TEXTS[name].label)} rules={[zodRule(ZConnectorInput.shape[name])]}>
      <Input inputMode={OPTIONAL_TEXTS[name].inputMode} />
    </Form.Item>
  );

  const submit = () => {
    // docs/product/stations.md#8-messages: a failed connector form is only logged; the fields show what is wrong.
    form.validateFields().then(save, (error: unknown) => {
      console.warn('connector form', error);
    });
  };

  return (
    <Modal
      open={open}
      width={352}
      title={
        <div>
          <div>{connector ? t('connector.title', { id: connector.ocpp_16_id }) : t('connector.newTitle')}</div>
          {stationId === undefined ? null : (
            <TextSpan tone="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              {t('connector.station', { id: stationId })}
            </TextSpan>
          )}
        </div>
      }
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
      destroyOnHidden
    >
      {/* Enter in a line of text saves, as the modal's OK (a select's Enter is its own: it picks an option). */}
      <div
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          if (
            event.key === 'Enter' &&
            !event.nativeEvent.isComposing &&
            target.tagName === 'INPUT' &&
            target.getAttribute('role') !== 'combobox'
          ) {
            event.preventDefault();
            submit();
          }
        }}
      >
        <Form<TConnectorFormValues>
          form={form}
          layout="vertical"
          initialValues={toFormValues(connector, freePosition)}
          scrollToFirstError
          name="connector"
        >
          <Form.Item
            name="typo"
            label={t('connector.type')}
            rules={[{ required: true, message: contractMessage('required') }]}
            extra={
              typo === undefined
                ? undefined
                : defaultFee
                  ? t('connector.defaultFee', { fee: money(defaultFee) })
                  : t('connector.noDefaultFee')
            }
          >
            <Select
              placeholder={t('connector.typePlaceholder')}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({ value: type.key, label: `${type.name} (${type.current})` }))}
            />
          </Form.Item>
          <Form.Item
            name="power_kWh"
            label={t('connector.power')}
            required
            rules={[{ required: true, message: contractMessage('required') }, zodRule(ZConnectorInput.shape.power_kWh)]}
          >
            <InputNumber min={0} max={1000} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
          <Form.Item name="rate_id" label={t('connector.personalRate')} extra={t('connector.personalRateHint')}>
            <Select
              allowClear
              disabled={typo === undefined}
              placeholder={t('connector.noPersonalRate')}
              loading={personalRates.isLoading}
              options={(personalRates.data?.items ?? []).map((rate) => ({ value: rate.id, label: rate.name }))}
            />
          </Form.Item>
          {optionalText('custom_fee')}
          <Alert type="warning" showIcon title={t('connector.customFeeWarning')} style={{ marginBottom: 16 }} />
          <Form.Item
            name="position"
            label={t('connector.position')}
            rules={[
              { required: true, message: contractMessage('required') },
              {
                // Shown inline but not blocking: the duplicate is saved so that the banner and the highlighted cards
                // show both connectors (docs/product/stations.md#4-states-and-rules); the station form then refuses to submit.
                warningOnly: true,
                validator: async (_rule, value: number | undefined) => {
                  if (value !== undefined && isPositionTaken(modules, value, ocpp16Id)) {
                    throw new Error(contractMessage('connector_position_duplicate'));
                  }
                },
              },
            ]}
          >
            <Select
              loading={positions.isLoading}
              options={(positions.data ?? []).map((position) => ({ value: position.key, label: position.label }))}
            />
          </Form.Item>
          {optionalText('cable_length')}
        </Form>
      </div>
    </Modal>
  );
};
