import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { IDLE_GRACE_MAX_MINUTES, TARIFF_COMPONENTS, TARIFF_PERIODS_MAX, TARIFF_POWER_MAX_KW } from '@zaryad/contracts';
import { Button, Card, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { EMPTY_PERIOD, periodRule, type TPeriodRow } from '@/features/rates/rateBody';
import { feeRule, graceRule, maxCostRule, optionalFeeRule } from '@/features/rates/rateFee';
import { contractMessage } from '@/lib/contractMessage';

/** `HH:MM` as the contract takes a period's times (its own CLOCK_PATTERN; 24:00 may end a day). */
const CLOCK = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const clockRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '' && !CLOCK.test(value.trim())) {
      throw new Error(contractMessage('tariff_time_invalid'));
    }
  },
};

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** An amount input: som, up to 5 digits and 2 decimals (FEE_PATTERN). */
const Amount = (props: { id?: string; value?: string; onChange?: (value: string) => void; placeholder?: string }) => (
  <Input
    id={props.id}
    inputMode="decimal"
    maxLength={12}
    value={props.value}
    placeholder={props.placeholder}
    onChange={(event) => props.onChange?.(event.target.value)}
  />
);

/**
 * The components of a price (docs/product/rates.md, Tariffs II): energy per kWh, time and idle per minute with the
 * idle grace, a fee per charge, the minimum and maximum of a charge, then the periods. Each amount is checked as the
 * contract checks a fee, with its messages. Used by the tariff form and by the new version's modal.
 */
export const PriceFields = () => {
  const { t } = useTranslation('rates');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="fee" label={t('fields.fee')} extra={t('form.feeHint')} rules={[feeRule()]} required>
            <Amount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="session_fee" label={t('fields.sessionFee')} rules={[feeRule()]} required>
            <Amount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="time_fee" label={t('fields.timeFee')} rules={[feeRule()]} required>
            <Amount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="idle_fee" label={t('fields.idleFee')} rules={[feeRule()]} required>
            <Amount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="idle_grace_minutes"
            label={t('fields.idleGrace')}
            extra={t('form.idleGraceHint')}
            rules={[graceRule()]}
            required
          >
            <InputNumber min={0} max={IDLE_GRACE_MAX_MINUTES} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} />
        <Col xs={24} md={12}>
          <Form.Item
            name="min_cost"
            label={t('fields.minCost')}
            extra={t('form.optionalCostHint')}
            rules={[optionalFeeRule()]}
          >
            <Amount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="max_cost"
            label={t('fields.maxCost')}
            extra={t('form.optionalCostHint')}
            rules={[optionalFeeRule(), maxCostRule]}
            dependencies={['min_cost']}
          >
            <Amount />
          </Form.Item>
        </Col>
      </Row>
      <PeriodsField />
    </>
  );
};

/** The periods: one card a row, added and removed, at most TARIFF_PERIODS_MAX. */
const PeriodsField = () => {
  const { t } = useTranslation('rates');
  return (
    <Form.List name="periods">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} style={{ marginBottom: 16 }}>
          <TextSpan strong>{t('periods.title')}</TextSpan>
          <TextSpan tone="secondary">{t('periods.hint')}</TextSpan>
          {fields.length === 0 ? <TextSpan tone="secondary">{t('periods.empty')}</TextSpan> : null}
          {fields.map((field, index) => (
            <PeriodRow key={field.key} index={field.name} number={index + 1} onRemove={() => remove(field.name)} />
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < TARIFF_PERIODS_MAX ? (
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => add({ ...EMPTY_PERIOD })}
            >
              {t('periods.add')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
};

type TPeriodRowProps = { index: number; number: number; onRemove: () => void };

const PeriodRow = ({ index, number, onRemove }: TPeriodRowProps) => {
  const { t } = useTranslation('rates');
  const path = (field: keyof TPeriodRow) => ['periods', index, field];
  const row = (field: keyof TPeriodRow) => periodRule(index, field);
  const label = t('periods.row', { index: number });
  return (
    <Card
      size="small"
      role="group"
      aria-label={label}
      title={label}
      data-testid="tariff-period"
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('periods.remove', { index: number })}
          onClick={onRemove}
        />
      }
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name={[index, 'component']}
            label={t('periods.component')}
            rules={[row('component')]}
            dependencies={[
              path('start_time'),
              path('weekdays'),
              path('start_date'),
              path('end_date'),
              path('min_power_kw'),
              path('max_power_kw'),
            ]}
          >
            <Select
              options={TARIFF_COMPONENTS.map((component) => ({
                value: component,
                label: t(`components.${component}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={[index, 'price']} label={t('periods.price')} rules={[feeRule()]} required>
            <Amount />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name={[index, 'start_time']}
            label={t('periods.from')}
            rules={[clockRule, row('start_time')]}
            dependencies={[path('end_time')]}
          >
            <Input placeholder={t('periods.timePlaceholder')} maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name={[index, 'end_time']}
            label={t('periods.to')}
            rules={[clockRule, row('end_time')]}
            dependencies={[path('start_time')]}
          >
            <Input placeholder={t('periods.timePlaceholder')} maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={[index, 'weekdays']} label={t('periods.weekdays')}>
            <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name={[index, 'start_date']} label={t('periods.dateFrom')}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name={[index, 'end_date']}
            label={t('periods.dateTo')}
            rules={[row('end_date')]}
            dependencies={[path('start_date')]}
          >
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name={[index, 'min_power_kw']} label={t('periods.powerFrom')}>
            <InputNumber min={0} max={TARIFF_POWER_MAX_KW} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name={[index, 'max_power_kw']}
            label={t('periods.powerTo')}
            rules={[row('max_power_kw')]}
            dependencies={[path('min_power_kw')]}
          >
            <InputNumber min={0} max={TARIFF_POWER_MAX_KW} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
};
