import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { MapPicker } from '@/features/map/MapPicker';
import type { TMapPickerProps } from '@/features/map/types';

export type TStationMapViewProps = Omit<TMapPickerProps, 'height'> & {
  /** Back to the form, without a new point. Also called after 'Save coordinates'. */
  onClose: () => void;
};

/** The map view that takes the form's place while the operator picks a point (docs/product/stations.md: it toggles with the form). */
export const StationMapView = ({ value, onChange, onClose }: TStationMapViewProps) => {
  const { t } = useTranslation('map');
  return (
    <Card
      title={t('title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          {t('actions.backToForm')}
        </Button>
      }
    >
      <MapPicker
        value={value}
        onChange={(point) => {
          onChange(point);
          onClose();
        }}
      />
    </Card>
  );
};
