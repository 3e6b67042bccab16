import { Col, Form, Row } from 'antd';
import { STATION_LIMITS } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { ImageUpload, PHOTO_MAX_KB, type TImageItem } from '@/components';
import type { TVideoItem } from '@/features/stations/form/formValues';
import { photosRules } from '@/features/stations/form/rules';
import { VideoUpload } from '@/features/stations/form/sections/VideoUpload';

/** Avatar, photos (cropped, at least one) and videos; photos and videos together at most 10 files. */
export const MediaFields = () => {
  const { t } = useTranslation('stationForm');
  const form = Form.useFormInstance();
  const photos = Form.useWatch<TImageItem[] | undefined>('photos', form) ?? [];
  const videos = Form.useWatch<TVideoItem[] | undefined>('videos', form) ?? [];
  const room = STATION_LIMITS.mediaMaxFiles - photos.length - videos.length;
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item name="avatar" label={t('fields.avatar')}>
          <ImageUpload maxKb={PHOTO_MAX_KB} maxCount={1} label={t('fields.avatar')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={18}>
        <Form.Item name="photos" label={t('fields.photos')} rules={photosRules} required extra={t('hints.photos')}>
          <ImageUpload
            maxKb={PHOTO_MAX_KB}
            maxCount={Math.max(photos.length + room, photos.length)}
            label={t('fields.photos')}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="videos" label={t('fields.videos')} extra={t('hints.videos')}>
          <VideoUpload room={room} />
        </Form.Item>
      </Col>
    </Row>
  );
};
