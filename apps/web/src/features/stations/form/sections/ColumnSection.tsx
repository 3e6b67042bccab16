import { EXECUTION_TYPES, STATION_LIMITS } from '@zaryad/contracts';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRules, stationRules } from '@/features/stations/form/rules';
import { PasswordInput } from '@/components/password-input/PasswordInput';

/** The charge point itself: how it connects (identity, password) and what it is. */
export const ColumnSection = ({ isEdit }: { isEdit: boolean }) => {
  const { t } = useTranslation('stationForm');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="identity" label={t('fields.identity')} rules={stationRules.identity} required>
          <Input maxLength={STATION_LIMITS.identity} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={passwordRules(isEdit)}
          required={!isEdit}
          extra={isEdit ? t('hints.passwordEdit') : t('hints.passwordCreate')}
        >
          <PasswordInput maxLength={STATION_LIMITS.passwordMax} autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="manufacturer" label={t('fields.manufacturer')} rules={stationRules.manufacturer}>
          <Input maxLength={STATION_LIMITS.manufacturer} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="execution_type" label={t('fields.execution_type')} rules={stationRules.required} required>
          <Select options={EXECUTION_TYPES.map((type) => ({ value: type, label: t(`executionTypes.${type}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="is_gas_station" label={t('fields.is_gas_station')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  );
};
