import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConnectorCard } from '@/features/stations/form/cards/ConnectorCard';
import type { TConnectorDraft, TModuleDraft } from '@/features/stations/form/modules';
import { TextSpan } from '@/components/text/TextSpan';

export type TModuleCardProps = {
  module: TModuleDraft;
  conflicts: ReadonlySet<number>;
  typeName: (key: string) => string;
  positionLabel: (key: number) => string;
  defaultFee: (key: string) => string | null;
  onAddConnector: () => void;
  onEditConnector: (connector: TConnectorDraft) => void;
  onRemoveConnector: (connector: TConnectorDraft) => void;
  onRemoveModule: () => void;
};

/**
 * An EVSE module with its connectors, sorted by connector_id. docs/product/stations.md#4-states-and-rules: an empty module offers
 * remove-module, one with connectors offers add-connector.
 */
export const ModuleCard = ({
  module,
  conflicts,
  typeName,
  positionLabel,
  defaultFee,
  onAddConnector,
  onEditConnector,
  onRemoveConnector,
  onRemoveModule,
}: TModuleCardProps) => {
  const { t } = useTranslation('stationForm');
  const connectors = [...module.connectors].sort((a, b) => a.connector_id - b.connector_id);
  const hasConnectors = connectors.length > 0;
  const hasConflict = connectors.some((connector) => conflicts.has(connector.ocpp_16_id));
  return (
    <Card
      size="small"
      data-testid={`module-${module.evse_id}`}
      title={
        <span>
          {t('modules.title', { id: module.evse_id })}
          {module.label ? <TextSpan tone="secondary"> #{module.label}</TextSpan> : null}
        </span>
      }
      style={hasConflict ? { borderColor: 'var(--ant-color-error)' } : undefined}
      extra={
        hasConnectors ? (
          <Button size="small" type="link" icon={<PlusOutlined aria-hidden />} onClick={onAddConnector}>
            {t('actions.addConnector')}
          </Button>
        ) : (
          <Button size="small" type="link" danger icon={<DeleteOutlined aria-hidden />} onClick={onRemoveModule}>
            {t('actions.removeModule')}
          </Button>
        )
      }
    >
      {hasConnectors ? (
        <Flex vertical gap={8}>
          {connectors.map((connector) => (
            <ConnectorCard
              key={connector.ocpp_16_id}
              connector={connector}
              typeName={typeName(connector.typo)}
              positionLabel={positionLabel(connector.position)}
              defaultFee={defaultFee(connector.typo)}
              isConflicting={conflicts.has(connector.ocpp_16_id)}
              onEdit={() => {
                onEditConnector(connector);
              }}
              onRemove={() => {
                onRemoveConnector(connector);
              }}
            />
          ))}
        </Flex>
      ) : (
        <Flex vertical align="flex-start" gap={8}>
          <TextSpan tone="secondary">{t('modules.empty')}</TextSpan>
          <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onAddConnector}>
            {t('actions.addConnector')}
          </Button>
        </Flex>
      )}
    </Card>
  );
};
