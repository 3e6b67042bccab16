import type { TLatLng } from '@zaryad/contracts';
import { Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCoordinate } from '@/features/map/coordinates';
import type { TPickedPoint } from '@/features/map/types';
import { usePointAddress } from '@/features/map/usePointAddress';

type TPickedPointModalProps = {
  point: TLatLng | null;
  onCancel: () => void;
  onSave: (point: TPickedPoint) => void;
};

/** The clicked point with its resolved address, to confirm with 'Save coordinates' (docs/product/stations.md#2-screens). */
export const PickedPointModal = ({ point, onCancel, onSave }: TPickedPointModalProps) => {
  const { t } = useTranslation('map');
  const { address, isLoading } = usePointAddress(point);
  return (
    <Modal
      open={point !== null}
      title={t('pickTitle')}
      okText={t('actions.saveCoordinates')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: isLoading }}
      onCancel={onCancel}
      onOk={() => {
        if (point) {
          onSave({ ...point, address });
        }
      }}
      destroyOnHidden
    >
      <Flex vertical gap={8} data-testid="picked-point">
        {isLoading ? (
          <Flex gap={8} align="center">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('addressLoading')}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Text strong={address !== null} type={address === null ? 'secondary' : undefined} data-testid="picked-address">
            {address ?? t('addressUnknown')}
          </Typography.Text>
        )}
        {point && (
          <Typography.Text type="secondary" data-testid="picked-coordinates">
            {t('coordinates', {
              latitude: formatCoordinate(point.latitude),
              longitude: formatCoordinate(point.longitude),
            })}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
};
