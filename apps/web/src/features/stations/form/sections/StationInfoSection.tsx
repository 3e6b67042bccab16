import { LANGUAGES, STATION_LIMITS } from '@zaryad/contracts';
import { Col, Form, Input, Row, Skeleton, Switch } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusSwitchField } from '@/components/form-fields/FormFields';
import { CatalogueFields } from '@/features/pickers';
import { ScheduleField } from '@/features/schedule';
import { stationRules, scheduleRules } from '@/features/stations/form/rules';

// The photos and the video sit at the form's end, below the fold: their upload parts load with it, a moment after the
// fields above (the station form's screen stays within its 450 KB budget).
// Asked for as soon as this section's chunk runs, beside the form's first render rather than after it.
const mediaFields = import('@/features/stations/form/sections/MediaFields');
const MediaFields = lazy(() => mediaFields.then((module) => ({ default: module.MediaFields })));

/** Names and addresses in the three languages side by side, the person in charge, switches, pickers, schedule, media. */
export const StationInfoSection = () => {
  const { t } = useTranslation('stationForm');
  return (
    <>
      <Row gutter={16}>
        {LANGUAGES.map((language) => (
          <Col key={language} xs={24} md={8}>
            <Form.Item
              name={`name_${language}`}
              label={t(`fields.name_${language}`)}
              rules={stationRules.name}
              required
            >
              <Input maxLength={STATION_LIMITS.name} showCount />
            </Form.Item>
            <Form.Item
              name={`address_${language}`}
              label={t(`fields.address_${language}`)}
              rules={stationRules.address}
            >
              <Input maxLength={STATION_LIMITS.address} showCount />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="pic" label={t('fields.pic')} rules={stationRules.pic} required>
            <Input maxLength={STATION_LIMITS.pic} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <StatusSwitchField label={t('fields.status')} on={t('status.on')} off={t('status.off')} />
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="is_new" label={t('fields.is_new')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="schedule" label={t('fields.schedule')} rules={scheduleRules} required>
            <ScheduleField />
          </Form.Item>
        </Col>
        <CatalogueFields labels={{ tags: t('fields.tags'), infrastructure: t('fields.environment') }} />
      </Row>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
        <MediaFields />
      </Suspense>
    </>
  );
};
