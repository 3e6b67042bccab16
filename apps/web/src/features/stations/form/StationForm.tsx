import { App, Card, Form } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell, type TPlaceFieldErrors } from '@/components';
import type { TStationFormValues } from '@/features/stations/form/formValues';
import type { TModulesState } from '@/features/stations/form/modules';
import { modulesRules } from '@/features/stations/form/rules';
import { placeServerErrors } from '@/features/stations/form/serverErrors';
import { ColumnSection } from '@/features/stations/form/sections/ColumnSection';
import { LocationSection } from '@/features/stations/form/sections/LocationSection';
import { ModulesSection } from '@/features/stations/form/sections/ModulesSection';
import { StationInfoSection } from '@/features/stations/form/sections/StationInfoSection';

/** The form's values: the station's fields and, under `modules`, its EVSE modules and connectors. */
export type TStationFormState = TStationFormValues & { modules: TModulesState };

export type TSaveOutcome = 'saved' | 'unchanged';

export type TStationFormProps = {
  initialValues: TStationFormState;
  /** Known on edit. */
  stationId?: number;
  /**
   * Drawn while the station loads: every section and label in place, the fields disabled, no submit. The station's
   * values then come as new `initialValues`, which the fields take without the form mounting again.
   */
  isLoading?: boolean;
  /** Sends the station; rejects with the API error, which the form places on its fields. */
  onSubmit: (values: TStationFormState) => Promise<TSaveOutcome>;
  /** After the success modal: back to the merchant (the guard lets it through). */
  onDone: () => void;
  onCancel: () => void;
};

/** docs/product/stations.md#2-screens: station information, column information, EVSE modules and location, for create and edit. */
export const StationForm = ({
  initialValues,
  stationId,
  isLoading = false,
  onSubmit,
  onDone,
  onCancel,
}: TStationFormProps) => {
  const { t } = useTranslation(['stationForm', 'common']);
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<TStationFormState>();
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  const isEdit = stationId !== undefined;

  // New initial values (the station loaded while the form was drawn) fill the fields before the next paint: a phone
  // mounts this form once (issue 18). Set, not reset: a reset mounts every field's input again.
  const shownValues = useRef(initialValues);
  useLayoutEffect(() => {
    if (shownValues.current !== initialValues) {
      shownValues.current = initialValues;
      form.setFieldsValue(initialValues);
    }
  }, [form, initialValues]);

  // Nested and renamed server names (`connectors.0.position`, `media_files`) land on the form's fields, and the
  // connectors they name are highlighted on their cards.
  const placeErrors = useCallback<TPlaceFieldErrors>(
    (body, formFields) => {
      const placed = placeServerErrors(body, formFields, (form.getFieldValue('modules') as TModulesState).modules);
      setRefused(placed.connectors);
      return placed;
    },
    [form],
  );

  const submit = useCallback(
    (values: TStationFormState) => {
      setRefused(new Set());
      return onSubmit(values);
    },
    [onSubmit],
  );

  const onSaved = useCallback(
    (outcome: TSaveOutcome, values: TStationFormState) => {
      if (outcome === 'unchanged') {
        void message.info(t('nothingChanged'));
        return;
      }
      modal.success({
        title: isEdit ? t('success.savedTitle') : t('success.createdTitle'),
        content: t(isEdit ? 'success.saved' : 'success.created', { name: values.name_ru }),
        okText: t('success.toMerchant'),
        onOk: onDone,
      });
    },
    [isEdit, message, modal, onDone, t],
  );

  return (
    <FormShell<TStationFormState, TSaveOutcome>
      form={form}
      initialValues={initialValues}
      isEdit={isEdit}
      isLocked={isLoading}
      onSubmit={submit}
      onSaved={onSaved}
      onCancel={onCancel}
      placeErrors={placeErrors}
      variant="sections"
      formProps={{ name: 'station' }}
    >
      <Card title={t('sections.station')} data-testid="section-station">
        <StationInfoSection />
      </Card>
      <Card title={t('sections.column')} data-testid="section-column">
        <ColumnSection isEdit={isEdit} />
      </Card>
      <Card title={t('sections.modules')} data-testid="section-modules">
        <Form.Item name="modules" rules={modulesRules} style={{ marginBottom: 0 }}>
          <ModulesSection isEdit={isEdit} stationId={stationId} refused={refused} />
        </Form.Item>
      </Card>
      <Card title={t('sections.location')} data-testid="section-location">
        <LocationSection />
      </Card>
    </FormShell>
  );
};
