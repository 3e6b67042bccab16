import { Alert, Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCreateStation, useStationForUpdate, useUpdateStation } from '@/features/stations/api';
import { emptyStationValues, stationToFormValues } from '@/features/stations/form/formValues';
import { emptyModulesState, modulesFromStation } from '@/features/stations/form/modules';
import { StationForm, type TStationFormState } from '@/features/stations/form/StationForm';
import { createRequest, editRequest } from '@/features/stations/form/submitStation';
import { errorMessage } from '@/lib/apiError';

const toId = (raw: string | undefined) => (raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN);

const StationCreate = ({ merchant }: { merchant: number }) => {
  const { t } = useTranslation('stationForm');
  const navigate = useNavigate();
  const create = useCreateStation();
  const initialValues = useMemo<TStationFormState>(
    () => ({ ...emptyStationValues(), modules: emptyModulesState() }),
    [],
  );
  const back = () => void navigate(`/merchant/${merchant}`);
  return (
    <Card title={t('createTitle')} variant="borderless" styles={{ body: { padding: 0 } }}>
      <StationForm
        initialValues={initialValues}
        onSubmit={async (values) => {
          await create.mutateAsync(createRequest(merchant, values));
          return 'saved';
        }}
        onDone={back}
        onCancel={back}
      />
    </Card>
  );
};

const StationEdit = ({ merchant, stationId }: { merchant: number; stationId: number }) => {
  const { t } = useTranslation(['stationForm', 'common']);
  const navigate = useNavigate();
  const stored = useStationForUpdate(stationId);
  const update = useUpdateStation(stationId);
  const initialValues = useMemo<TStationFormState | null>(
    () =>
      stored.data ? { ...stationToFormValues(stored.data), modules: modulesFromStation(stored.data.evses) } : null,
    [stored.data],
  );
  const back = () => void navigate(`/merchant/${merchant}`);

  if (stored.isError || Number.isNaN(stationId)) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('load.error')}
        description={errorMessage(stored.error, t('common:errors.request'))}
      />
    );
  }
  if (!initialValues || !stored.data) {
    return <Skeleton active />;
  }
  return (
    <Card title={t('editTitle', { name: stored.data.name_ru })} variant="borderless" styles={{ body: { padding: 0 } }}>
      <StationForm
        key={stored.data.id}
        initialValues={initialValues}
        stationId={stationId}
        onSubmit={async (values) => {
          const request = editRequest(initialValues, values);
          if (!request) {
            return 'unchanged';
          }
          await update.mutateAsync(request);
          return 'saved';
        }}
        onDone={back}
        onCancel={back}
      />
    </Card>
  );
};

/** `merchant/{id}/create-station` and `merchant/{id}/edit-station/{stationId}` (SPEC.md section 2). */
export const StationFormPage = () => {
  const params = useParams();
  const merchant = toId(params.id);
  return params.stationId === undefined ? (
    <StationCreate merchant={merchant} />
  ) : (
    <StationEdit merchant={merchant} stationId={toId(params.stationId)} />
  );
};
