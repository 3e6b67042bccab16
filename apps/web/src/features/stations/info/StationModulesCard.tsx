import type { TEvseModule } from '@zaryad/contracts';
import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConnectorPositions } from '@/features/lookups';
import { ConnectorCard } from '@/features/stations/info/ConnectorCard';
import { sortByConnectorId } from '@/features/stations/info/stationText';
import { TextSpan } from '@/components/text/TextSpan';

/** EVSE modules as '#label' cards, each with its connectors in connector_id order. */
export const StationModulesCard = ({ modules }: { modules: readonly TEvseModule[] }) => {
  const { t } = useTranslation('stationInfo');
  const positions = useConnectorPositions();
  const positionLabel = (key: number) => positions.data?.find((position) => position.key === key)?.label ?? String(key);
  return (
    <Card title={t('sections.modules')}>
      <Flex vertical gap={16}>
        {[...modules]
          .sort((a, b) => a.evse_id - b.evse_id)
          .map((module) => (
            <Card
              key={module.id}
              size="small"
              title={t('module.title', { label: module.label || module.evse_id })}
              data-testid={`module-${module.evse_id}`}
            >
              {module.connectors.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('module.empty')} />
              ) : (
                <Flex gap={12} wrap>
                  {sortByConnectorId(module.connectors).map((connector) => (
                    <ConnectorCard
                      key={connector.id}
                      connector={connector}
                      positionLabel={positionLabel(connector.position)}
                    />
                  ))}
                </Flex>
              )}
            </Card>
          ))}
        {modules.length === 0 && <TextSpan tone="secondary">{t('module.empty')}</TextSpan>}
      </Flex>
    </Card>
  );
};
