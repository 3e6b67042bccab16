import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';
import { ConfigurationSection } from '@/features/ocpp/ConfigurationSection';
import { CoreSection } from '@/features/ocpp/CoreSection';
import { FirmwareSection } from '@/features/ocpp/FirmwareSection';
import { LocalListSection } from '@/features/ocpp/LocalListSection';
import { ReservationsSection } from '@/features/ocpp/ReservationsSection';
import { SmartChargingSection } from '@/features/ocpp/SmartChargingSection';

/**
 * The charge point panel's actions, by OCPP 1.6 feature profile (docs/product/ocpp.md#4-states-and-rules), each
 * section holding the actions the signed-in role may use: `stations.manage_charge_point` for every one; a role with
 * only `stations.reset` (made before that permission existed) keeps unlock, availability, triggers and the
 * configuration. A role with neither sees none. Reset itself is the station header's (StationInfoPage), once.
 */
export const ChargePointActions = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation('ocpp');
  const canManage = useCan('stations.manage_charge_point');
  const canReset = useCan('stations.reset');
  const canStopCharges = useCan('charges.stop');
  const canSeeCharges = useCan('charges.view');
  const canStop = canStopCharges && canSeeCharges;
  if (!canManage && !canReset) {
    return null;
  }
  const items = [
    {
      key: 'core',
      label: t('sections.core'),
      children: (
        <CoreSection stationId={stationId} canReset={canReset} canManage={canManage} canStop={canStop && canManage} />
      ),
    },
    {
      key: 'configuration',
      label: t('sections.configuration'),
      children: <ConfigurationSection stationId={stationId} />,
    },
    ...(canManage
      ? [
          {
            key: 'firmware',
            label: t('sections.firmware'),
            children: <FirmwareSection stationId={stationId} canManage={canManage} />,
          },
          {
            key: 'localList',
            label: t('sections.localList'),
            children: <LocalListSection stationId={stationId} canManage={canManage} />,
          },
          {
            key: 'reservations',
            label: t('sections.reservations'),
            children: <ReservationsSection stationId={stationId} canManage={canManage} />,
          },
        ]
      : []),
  ];
  return (
    <section
      aria-label={t('sections.title')}
      data-testid="charge-point-actions"
      style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <Tabs items={items} />
      {/* Smart charging: its own section, another engineer's (SmartChargingSection.tsx); empty until it lands. */}
      <SmartChargingSection stationId={stationId} canManage={canManage} />
    </section>
  );
};
