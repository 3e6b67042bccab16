import { Alert, App, Button, Card, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeavePageGuardModal, useLeavePageGuard } from '@/components';
import type { TStationFormValues } from '@/features/stations/form/formValues';
import type { TModulesState } from '@/features/stations/form/modules';
import { modulesRules } from '@/features/stations/form/rules';
import { placeServerErrors } from '@/features/stations/form/serverErrors';
import { ColumnSection } from '@/features/stations/form/sections/ColumnSection';
import { LocationSection } from '@/features/stations/form/sections/LocationSection';
import { ModulesSection } from '@/features/stations/form/sections/ModulesSection';
import { StationInfoSection } from '@/features/stations/form/sections/StationInfoSection';
import { ApiError, errorMessage } from '@/lib/apiError';

/** The form's values: the station's fields and, under `modules`, its EVSE modules and connectors. */
export type TStationFormState = TStationFormValues & { modules: TModulesState };

export type TSaveOutcome = 'saved' | 'unchanged';

export type TStationFormProps = {
  initialValues: TStationFormState;
  /** Known on edit. */
  stationId?: number;
  isSaving: boolean;
  /** Sends the station; rejects with the API error, which the form places on its fields. */
  onSubmit: (values: TStationFormState) => Promise<TSaveOutcome>;
  /** After the success modal: back to the merchant (the guard lets it through). */
  onDone: () => void;
  onCancel: () => void;
};

/** SPEC.md section 2: station information, column information, EVSE modules and location, for create and edit. */
export const StationForm = ({ initialValues, stationId, isSaving, onSubmit, onDone, onCancel }: TStationFormProps) => {
  const { t } = useTranslation(['stationForm', 'common']);
  const { notification, modal, message } = App.useApp();
  const [form] = Form.useForm<TStationFormState>();
  const [isDirty, setIsDirty] = useState(false);
  const [isInvalid, setIsInvalid] = useState(false);
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  const guard = useLeavePageGuard(isDirty);
  const isEdit = stationId !== undefined;

  const showServerErrors = (error: unknown) => {
    const body = error instanceof ApiError ? error.fieldErrors : null;
    // SPEC.md section 8: the first message of the first field, as an error notification.
    notification.error({
      title: body ? t('common:errors.formInvalidTitle') : t('common:errors.request'),
      description: errorMessage(error, t('common:errors.request')),
    });
    if (!body) {
      return;
    }
    const current = form.getFieldsValue(true) as TStationFormState;
    const placed = placeServerErrors(body, new Set(Object.keys(current)), current.modules.modules);
    // placeServerErrors keeps only names the form holds.
    form.setFields(placed.fields.map((field) => ({ ...field, name: field.name as keyof TStationFormState })));
    setRefused(placed.connectors);
    setIsInvalid(true);
    const [first] = placed.fields;
    if (first) {
      form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
    }
  };

  const finish = async (values: TStationFormState) => {
    setIsInvalid(false);
    setRefused(new Set());
    try {
      const outcome = await onSubmit({ ...initialValues, ...values });
      if (outcome === 'unchanged') {
        void message.info(t('nothingChanged'));
        return;
      }
      guard.allowNavigation();
      setIsDirty(false);
      modal.success({
        title: isEdit ? t('success.savedTitle') : t('success.createdTitle'),
        content: t(isEdit ? 'success.saved' : 'success.created', { name: values.name_ru }),
        okText: t('success.toMerchant'),
        onOk: onDone,
      });
    } catch (error) {
      showServerErrors(error);
    }
  };

  return (
    <Form<TStationFormState>
      form={form}
      layout="vertical"
      name="station"
      initialValues={initialValues}
      onValuesChange={() => {
        setIsDirty(true);
      }}
      onFinish={(values) => void finish(values)}
      onFinishFailed={() => {
        setIsInvalid(true);
      }}
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
    >
      <Flex vertical gap={16}>
        {isInvalid ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="form-invalid"
            title={t('common:errors.formInvalidTitle')}
            description={t('common:errors.formInvalidText')}
          />
        ) : null}
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
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {isEdit ? t('common:actions.save') : t('common:actions.create')}
          </Button>
          <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
        </Flex>
      </Flex>
      <LeavePageGuardModal guard={guard} />
    </Form>
  );
};
