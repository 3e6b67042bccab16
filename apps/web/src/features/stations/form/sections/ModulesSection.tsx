import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Row } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectorPositions, useConnectorTypes } from '@/features/lookups';
import { ModuleCard } from '@/features/stations/form/cards/ModuleCard';
import {
  addModule,
  emptyModulesState,
  positionConflicts,
  removeConnector,
  removeModule,
  saveConnector,
  type TConnectorDraft,
  type TModulesState,
} from '@/features/stations/form/modules';
import { TextSpan } from '@/components/text/TextSpan';

export type TModulesSectionProps = {
  /** Form.Item passes the value and onChange. */
  value?: TModulesState;
  onChange?: (state: TModulesState) => void;
  id?: string;
  isEdit: boolean;
  stationId?: number;
  /** ocpp_16_ids of connectors the server refused, highlighted like position conflicts. */
  refused?: ReadonlySet<number>;
};

// The connector form (its modal, number input and the contract's connector checks) is needed only once a connector
// is added or edited: it loads then (issue 10's web budgets).
const ConnectorModal = lazy(async () => ({
  default: (await import('@/features/stations/form/modals/ConnectorModal')).ConnectorModal,
}));

type TEditing = { evseId: number; connector: TConnectorDraft | null };

/** The EVSE modules information section: module cards, the connector modal and the duplicate-position banner. */
export const ModulesSection = ({
  value = emptyModulesState(),
  onChange,
  id,
  isEdit,
  stationId,
  refused,
}: TModulesSectionProps) => {
  const { t } = useTranslation('stationForm');
  const types = useConnectorTypes();
  const positions = useConnectorPositions();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [hasEdited, setHasEdited] = useState(false);
  const edit = (next: TEditing) => {
    setEditing(next);
    setHasEdited(true);
  };
  const conflicts = useMemo(() => positionConflicts(value.modules), [value.modules]);
  const highlighted = useMemo(() => new Set([...conflicts, ...(refused ?? [])]), [conflicts, refused]);

  const typeOf = (key: string) => types.data?.find((type) => type.key === key);
  const positionLabel = (key: number) => positions.data?.find((position) => position.key === key)?.label ?? String(key);

  return (
    <Flex id={id} vertical gap={12} tabIndex={-1}>
      {conflicts.size > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('modules.duplicateTitle')}
          description={t('modules.duplicateText')}
        />
      ) : null}
      {value.modules.length === 0 ? <TextSpan tone="secondary">{t('modules.none')}</TextSpan> : null}
      <Row gutter={[12, 12]}>
        {value.modules.map((module) => (
          <Col key={module.evse_id} xs={24} md={12} xl={8}>
            <ModuleCard
              module={module}
              conflicts={highlighted}
              typeName={(key) => typeOf(key)?.name ?? key}
              positionLabel={positionLabel}
              defaultFee={(key) => typeOf(key)?.fee_default ?? null}
              onAddConnector={() => {
                edit({ evseId: module.evse_id, connector: null });
              }}
              onEditConnector={(connector) => {
                edit({ evseId: module.evse_id, connector });
              }}
              onRemoveConnector={(connector) => {
                onChange?.(removeConnector(value, connector.ocpp_16_id, isEdit));
              }}
              onRemoveModule={() => {
                onChange?.(removeModule(value, module.evse_id));
              }}
            />
          </Col>
        ))}
      </Row>
      <div>
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            onChange?.(addModule(value));
          }}
        >
          {t('actions.addModule')}
        </Button>
      </div>
      {hasEdited ? (
        <Suspense fallback={null}>
          <ConnectorModal
            // A fresh form for each connector: its initial values are that connector's.
            key={editing ? `${editing.evseId}-${editing.connector?.ocpp_16_id ?? 'new'}` : 'closed'}
            open={editing !== null}
            evseId={editing?.evseId ?? 1}
            connector={editing?.connector ?? null}
            stationId={stationId}
            modules={value.modules}
            onSave={(draft) => {
              if (editing) {
                onChange?.(saveConnector(value, editing.evseId, draft));
              }
              setEditing(null);
            }}
            onCancel={() => {
              setEditing(null);
            }}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
};
