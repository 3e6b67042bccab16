import type { TGeoConfig } from '@zaryad/contracts';
import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeoConfig } from '@/features/map/api';
import 'leaflet/dist/leaflet.css';

type TMapFrameProps = {
  height: string;
  children: (config: TGeoConfig) => ReactNode;
};

/** Waits for the server's map configuration and keeps the map's place on the page meanwhile. */
export const MapFrame = ({ height, children }: TMapFrameProps) => {
  const { t } = useTranslation('common');
  const config = useGeoConfig();
  if (config.isError) {
    return <Alert type="error" showIcon title={t('errors.request')} />;
  }
  if (!config.data) {
    return <Skeleton.Node active style={{ width: '100%', height }} />;
  }
  return <div style={{ position: 'relative', height, width: '100%' }}>{children(config.data)}</div>;
};
