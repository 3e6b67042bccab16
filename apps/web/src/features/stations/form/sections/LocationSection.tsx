import type { TLatLng } from '@zaryad/contracts';
import { Col, Form, Input, Row, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryCityFields } from '@/features/lookups';
import { formatCoordinate } from '@/features/stations/form/changes';
import { stationRules } from '@/features/stations/form/rules';
import { MapPicker, type TPickedPoint } from '@/features/map';
import { toLanguage } from '@/lib/language';

type TView = 'form' | 'map';

const toPoint = (latitude: string | undefined, longitude: string | undefined): TLatLng | null => {
  const lat = Number(latitude);
  const lng = Number(longitude);
  return latitude && longitude && !Number.isNaN(lat) && !Number.isNaN(lng) ? { latitude: lat, longitude: lng } : null;
};

/** Country, then city (enabled once a country is chosen: docs/product/stations.md#4-states-and-rules), coordinates and the map. */
export const LocationSection = () => {
  const { t, i18n } = useTranslation('stationForm');
  const form = Form.useFormInstance();
  const [view, setView] = useState<TView>('form');
  const latitude = Form.useWatch<string | undefined>('latitude', form);
  const longitude = Form.useWatch<string | undefined>('longitude', form);

  const pick = (point: TPickedPoint) => {
    form.setFieldsValue({
      latitude: formatCoordinate(String(point.latitude)),
      longitude: formatCoordinate(String(point.longitude)),
    });
    // The resolved address fills the current language's address only when the operator left it empty.
    const addressField = `address_${toLanguage(i18n.resolvedLanguage ?? i18n.language)}`;
    if (point.address && !form.getFieldValue(addressField)) {
      form.setFieldValue(addressField, point.address.slice(0, 50));
    }
    void form.validateFields(['latitude', 'longitude']);
  };

  return (
    <>
      <Segmented<TView>
        aria-label={t('location.view')}
        value={view}
        onChange={setView}
        options={[
          { value: 'form', label: t('actions.showForm') },
          { value: 'map', label: t('actions.showMap') },
        ]}
        style={{ marginBottom: 16 }}
      />
      {/* The form fields stay mounted while the map shows: their values and errors must survive the toggle. */}
      <div hidden={view !== 'form'}>
        <Row gutter={16}>
          <CountryCityFields
            texts={{
              country: t('fields.country'),
              city: t('fields.city'),
              countryPlaceholder: t('location.chooseCountry'),
              cityPlaceholder: t('location.chooseCity'),
              cityAfterCountry: t('location.cityAfterCountry'),
            }}
          />
          <Col xs={24} md={12}>
            <Form.Item
              name="latitude"
              label={t('fields.latitude')}
              rules={stationRules.latitude}
              required
              extra={t('hints.coordinates')}
            >
              <Input inputMode="decimal" placeholder="42.870000" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="longitude" label={t('fields.longitude')} rules={stationRules.longitude} required>
              <Input inputMode="decimal" placeholder="74.590000" />
            </Form.Item>
          </Col>
        </Row>
      </div>
      {/* MapPicker loads Leaflet itself, lazily: the form's chunk stays light until the map is shown. */}
      {view === 'map' ? <MapPicker value={toPoint(latitude, longitude)} onChange={pick} /> : null}
    </>
  );
};
