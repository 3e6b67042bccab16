import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
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
  const { token } = theme.useToken();
  const connectors = [...module.connectors].sort((a, b) => a.connector_id - b.connector_id);
  const hasConnectors = connectors.length > 0;
  const hasConflict = connectors.some((connector) => conflicts.has(connector.ocpp_16_id));
  // A bordered group on the form's one surface, not a card inside a card (issue 33).
  return (
    <div
      role="group"
      aria-label={t('modules.title', { id: module.evse_id })}
      data-testid={`module-${module.evse_id}`}
      style={{
        border: `1px solid ${hasConflict ? token.colorError : token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        height: '100%',
      }}
    >
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        wrap
        style={{
          padding: `${token.paddingXS}px ${token.paddingSM}px`,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <TextSpan strong>
          {t('modules.title', { id: module.evse_id })}
          {module.label ? <TextSpan tone="secondary"> #{module.label}</TextSpan> : null}
        </TextSpan>
        {hasConnectors ? (
          <Button size="small" type="link" icon={<PlusOutlined aria-hidden />} onClick={onAddConnector}>
            {t('actions.addConnector')}
          </Button>
        ) : (
          <Button size="small" type="link" danger icon={<DeleteOutlined aria-hidden />} onClick={onRemoveModule}>
            {t('actions.removeModule')}
          </Button>
        )}
      </Flex>
      <div style={{ padding: token.paddingSM }}>
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
      </div>
    </div>
  );
};
