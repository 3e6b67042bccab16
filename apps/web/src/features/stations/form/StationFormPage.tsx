import { Alert, Card } from 'antd';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCreateStation, useStationForUpdate, useUpdateStation } from '@/features/stations/api';
import { emptyStationValues, stationToFormValues } from '@/features/stations/form/formValues';
import { emptyModulesState, modulesFromStation } from '@/features/stations/form/modules';
import { StationForm, type TStationFormState } from '@/features/stations/form/StationForm';
import { createRequest, editRequest } from '@/features/stations/form/submitStation';
import { errorMessage } from '@/lib/apiError';
import { useRecordTrail } from '@/components/page-title/recordTrail';
import { useMerchantCrumb } from '@/features/merchants';
import { stationInfoPath } from '@/features/stations/info/stationPaths';
import { useLocalizedName } from '@/lib/localizedName';

const toId = (raw: string | undefined) => (raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN);

const emptyFormState = (): TStationFormState => ({ ...emptyStationValues(), modules: emptyModulesState() });

const StationCreate = ({ merchant }: { merchant: number }) => {
  const navigate = useNavigate();
  const create = useCreateStation();
  const initialValues = useMemo(emptyFormState, []);
  const back = () => void navigate(`/merchant/${merchant}`);
  // Merchants → <merchant> → New station; the tab "<merchant> — new station" (issue 33, item 3).
  useRecordTrail([useMerchantCrumb(merchant)]);
  return (
    // The header names the page; the card does not repeat it.
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
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
  // The station's values render in the background when it arrives, a slice at a time: a query's answer renders at
  // once otherwise, one long task on a phone (issue 18).
  const station = useDeferredValue(stored.data);
  const initialValues = useMemo<TStationFormState | null>(
    () => (station ? { ...stationToFormValues(station), modules: modulesFromStation(station.evses) } : null),
    [station],
  );
  const emptyValues = useMemo(emptyFormState, []);
  const back = () => void navigate(`/merchant/${merchant}`);
  const nameOf = useLocalizedName();
  // Merchants → <merchant> → <station> → Edit; the tab "<station> — editing the station" (issue 33, item 3).
  useRecordTrail([
    useMerchantCrumb(merchant),
    stored.data && { title: nameOf(stored.data), path: stationInfoPath(merchant, stationId) },
  ]);

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
  // One form from the first frame on: drawn with its sections and labels while the station loads, it takes the
  // station's values when they come, without mounting again.
  return (
    // The header names the page and the station; the card does not repeat it.
    <Card
      variant="borderless"
      styles={{ body: { padding: 0 } }}
      aria-busy={!initialValues}
    >
      <StationForm
        key={stationId}
        isLoading={!initialValues}
        initialValues={initialValues ?? emptyValues}
        stationId={stationId}
        onSubmit={async (values) => {
          const request = initialValues && editRequest(initialValues, values);
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

/** `merchant/{id}/create-station` and `merchant/{id}/edit-station/{stationId}` (docs/product/stations.md#2-screens). */
export const StationFormPage = () => {
  const params = useParams();
  const merchant = toId(params.id);
  return params.stationId === undefined ? (
    <StationCreate merchant={merchant} />
  ) : (
    <StationEdit merchant={merchant} stationId={toId(params.stationId)} />
  );
};
