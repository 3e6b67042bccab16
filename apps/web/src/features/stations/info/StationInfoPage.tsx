import { ArrowLeftOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { RESET_TYPES } from '@zaryad/contracts';
import { Button, Card, Col, Flex, Row, Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { RecordLoadError } from '@/components/record-load-error/RecordLoadError';
import { useCan, useDomainCan } from '@/components/permissions/permissions';
import { StationLocationMap } from '@/features/map';
import { useIdParam } from '@/lib/useIdParam';
import { useStation } from '@/features/stations/api';
import { StationDetailsCard } from '@/features/stations/info/StationDetailsCard';
import { StationMediaCard } from '@/features/stations/info/StationMediaCard';
import { StationModulesCard } from '@/features/stations/info/StationModulesCard';
import { StationScheduleCard } from '@/features/stations/info/StationScheduleCard';
import { StationQrButton } from '@/features/stations/info/qr/StationQrButton';
import { stationInfoPath } from '@/features/stations/info/stationPaths';
import { useResetActions } from '@/features/stations/info/useResetActions';
import { useStationLanguage } from '@/features/stations/info/useStationLanguage';
import { HistoryButton } from '@/features/audit';
import { merchantPath, useMerchantCrumb } from '@/features/merchants';
import { localizedName } from '@/lib/localizedName';
import { StationCharges } from '@/features/charges';
import { ChargePointCard } from '@/features/ocpp';
import { StationUptimePanel } from '@/features/uptime';
import { DetailsSkeleton } from '@/components/empty-state/Skeletons';

const ResetButtons = ({ stationId, identity }: { stationId: number; identity: string }) => {
  const { t } = useTranslation('stationInfo');
  const { confirmReset, isPending } = useResetActions(stationId, identity);
  return RESET_TYPES.map((type) => (
    <Button key={type} icon={<ReloadOutlined />} loading={isPending} onClick={() => confirmReset(type)}>
      {t('actions.reset', { type })}
    </Button>
  ));
};

/** `merchant/{id}/station-info/{stationId}`: everything about one station (issue 6, item 6). */
export const StationInfoPage = () => {
  const { t } = useTranslation(['stationInfo', 'common']);
  const navigate = useNavigate();
  const merchantId = useIdParam('id');
  const stationId = useIdParam('stationId');
  const language = useStationLanguage();
  const { data: station, error, isError } = useStation(stationId);
  const can = useDomainCan('stations');
  const canReset = useCan('stations.reset');
  const canSeeCharges = useCan('charges.view');
  const merchantCrumb = useMerchantCrumb(merchantId);
  // Merchants → <merchant> → <station> in the header, the tab "<station> — station" (issue 33, item 3).
  useRecordTrail([
    merchantCrumb,
    station && { title: localizedName(station, language), path: stationInfoPath(station.merchant, station.id) },
  ]);

  if (isError || Number.isNaN(stationId)) {
    return (
      <RecordLoadError
        error={isError ? error : null}
        failedTitle={t('loadError')}
        back={Number.isNaN(merchantId) ? undefined : { to: `/merchant/${merchantId}`, label: t('common:actions.back') }}
      />
    );
  }
  if (!station) {
    // Shaped like the record's details, not a block of lines (issue 33 item 8).
    return <DetailsSkeleton />;
  }
  const point = { latitude: Number(station.latitude), longitude: Number(station.longitude) };
  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Flex vertical gap={2}>
            <h2 style={{ margin: 0, fontSize: 20, lineHeight: 1.4 }}>{localizedName(station, language)}</h2>
            {/* The way back to the station's merchant, besides the breadcrumbs. */}
            <Link to={merchantPath(station.merchant)} style={{ fontSize: 14, fontWeight: 400 }}>
              <ArrowLeftOutlined aria-hidden /> {merchantCrumb?.title ?? t('merchantLink')}
            </Link>
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            {canReset ? <ResetButtons stationId={station.id} identity={station.identity} /> : null}
            <StationQrButton
              stationId={station.id}
              stationName={localizedName(station, language)}
              modules={station.evses}
            />
            <HistoryButton entity="station" id={station.id} />
            {can.edit ? (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => void navigate(`/merchant/${station.merchant}/edit-station/${station.id}`)}
              >
                {t('actions.edit')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      <StationDetailsCard station={station} />
      <Suspense fallback={<Skeleton active />}>
        {/* Its actions follow the role's permissions itself (docs/product/ocpp.md#6-permissions); Reset is the header's. */}
        <ChargePointCard stationId={station.id} />
      </Suspense>
      <Suspense fallback={<Skeleton active />}>
        <StationUptimePanel stationId={station.id} />
      </Suspense>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <StationScheduleCard schedule={station.schedule} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('sections.location')}>
            <StationLocationMap point={point} />
          </Card>
        </Col>
      </Row>
      <StationModulesCard modules={station.evses} />
      <StationMediaCard station={station} />
      {canSeeCharges ? (
        <Suspense fallback={<Skeleton active />}>
          <StationCharges stationId={station.id} />
        </Suspense>
      ) : null}
    </Flex>
  );
};
