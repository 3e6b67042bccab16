import type { TEvseModule } from '@zaryad/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The sheet and the QR encoder load when the button is pressed, off the station page's budget. No icon: the build
// puts every antd icon into what all signed-in screens load.
const StationQrSheet = lazy(async () => {
  const module = await import('@/features/stations/info/qr/StationQrSheet');
  await module.textsReady;
  return { default: module.StationQrSheet };
});

type TStationQrButtonProps = { stationId: number; stationName: string; modules: readonly TEvseModule[] };

/** "QR codes" among the station's actions: opens the printable sheet of its connectors' codes. */
export const StationQrButton = ({ stationId, stationName, modules }: TStationQrButtonProps) => {
  const { t } = useTranslation('stationInfo');
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('actions.qrCodes')}</Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <StationQrSheet
            stationId={stationId}
            stationName={stationName}
            modules={modules}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
};
