import type { TEvseModule } from '@zaryad/contracts';
import { Alert, Button, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectorCodes, type TConnectorCode } from '@/features/stations/info/qr/connectorLinks';
import { loadNamespaces } from '@/lib/i18n';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The sheet's texts (locales/<language>/lazy/stationQr.ts): loaded with it, not in every screen's language chunk. */
export const textsReady: Promise<void> = loadNamespaces('stationQr');

/** On paper only the sheet: the dashboard around the dialog is hidden, and each code keeps to one page. */
const PRINT_CSS = `
.station-qr-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
.station-qr-card { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 12px;
  border: 1px dashed #bfbfbf; border-radius: 8px; text-align: center; break-inside: avoid; }
.station-qr-card img { width: 100%; max-width: 220px; height: auto; }
@media print {
  body * { visibility: hidden; }
  .station-qr-sheet, .station-qr-sheet * { visibility: visible; }
  .station-qr-sheet { position: absolute; top: 0; left: 0; width: 100%; }
  .station-qr-screen-only { display: none !important; }
  .station-qr-grid { grid-template-columns: repeat(3, 1fr); }
}
`;

type TQrImage = TConnectorCode & { svg: string };

/** The codes as SVG, made by `qrcode` loaded here only (its chunk comes with the dialog, not the station's page). */
const useQrImages = (codes: TConnectorCode[]) => {
  const [images, setImages] = useState<TQrImage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    setFailed(false);
    void (async () => {
      try {
        const { toString } = await import('qrcode');
        const made = await Promise.all(
          codes.map(async (code) => ({
            ...code,
            svg: await toString(code.url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
          })),
        );
        if (isCurrent) {
          setImages(made);
        }
      } catch {
        if (isCurrent) {
          setFailed(true);
        }
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [codes, attempt]);
  return { images, failed, retry: () => setAttempt((value) => value + 1) };
};

type TStationQrSheetProps = {
  stationId: number;
  stationName: string;
  modules: readonly TEvseModule[];
  onClose: () => void;
};

/**
 * The station's QR code sheet (docs/product/stations.md#2-screens): one code per connector linking to that
 * connector in the drivers' app, its number, module, type and power under it; printed from the dialog.
 */
export const StationQrSheet = ({ stationId, stationName, modules, onClose }: TStationQrSheetProps) => {
  const { t } = useTranslation(['stationQr', 'stationInfo']);
  const { power } = useNumberFormat();
  const codes = useMemo(() => connectorCodes(window.location.origin, stationId, modules), [stationId, modules]);
  const { images, failed, retry } = useQrImages(codes);
  const title = t('title', { name: stationName });
  return (
    <Modal
      open
      title={<span className="station-qr-screen-only">{title}</span>}
      width={900}
      onCancel={onClose}
      footer={
        <Flex gap={8} justify="end" className="station-qr-screen-only">
          <Button onClick={onClose}>{t('close')}</Button>
          <Button type="primary" disabled={!images || images.length === 0} onClick={() => window.print()}>
            {t('print')}
          </Button>
        </Flex>
      }
    >
      <style>{PRINT_CSS}</style>
      <div className="station-qr-sheet">
        <Typography.Paragraph type="secondary" className="station-qr-screen-only">
          {t('hint')}
        </Typography.Paragraph>
        <Typography.Title level={4}>{stationName}</Typography.Title>
        {codes.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : failed ? (
          <Alert type="error" showIcon title={t('failed')} action={<Button onClick={retry}>{t('retry')}</Button>} />
        ) : !images ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin tip={t('loading')}>
              <span />
            </Spin>
          </Flex>
        ) : (
          <div className="station-qr-grid">
            {images.map((image) => {
              const label = t('connector', { number: image.number });
              return (
                <figure key={image.connectorId} className="station-qr-card" style={{ margin: 0 }}>
                  <img
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.svg)}`}
                    alt={label}
                    data-url={image.url}
                  />
                  <figcaption>
                    <strong style={{ fontSize: 18 }}>{label}</strong>
                    <br />
                    <span>
                      {t('details', {
                        module: t('stationInfo:module.title', { label: image.moduleLabel }),
                        type: image.typeName,
                        power: power(image.powerKw),
                      })}
                    </span>
                  </figcaption>
                </figure>
              );
            })}
          </div>
        )}
      </div>
    </Modal>
  );
};
