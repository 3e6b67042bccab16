import { App, Col, Form, Grid, Row, theme } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell, type TPlaceFieldErrors } from '@/components';
import type { TStationFormValues } from '@/features/stations/form/formValues';
import type { TModulesState } from '@/features/stations/form/modules';
import { modulesRules } from '@/features/stations/form/rules';
import { placeServerErrors } from '@/features/stations/form/serverErrors';
import { ColumnSection } from '@/features/stations/form/sections/ColumnSection';
import {
  FormSection,
  SectionAnchor,
  SectionSelect,
  type TFormSection,
} from '@/features/stations/form/sections/FormSections';
import { LocationSection } from '@/features/stations/form/sections/LocationSection';
import { ModulesSection } from '@/features/stations/form/sections/ModulesSection';
import { StationInfoSection } from '@/features/stations/form/sections/StationInfoSection';
import { useLocalizedName } from '@/lib/localizedName';

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
  const nameOf = useLocalizedName();
  const [form] = Form.useForm<TStationFormState>();
  const [refused, setRefused] = useState<ReadonlySet<number>>(new Set());
  const isEdit = stationId !== undefined;
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  // The sections' links beside the form from lg on; below it, a select at the top of the screen.
  const isWide = screens.lg === true;
  const sections: TFormSection[] = [
    { key: 'station', title: t('sections.station') },
    { key: 'column', title: t('sections.column') },
    { key: 'modules', title: t('sections.modules') },
    { key: 'location', title: t('sections.location') },
  ];
  const [stationSection, columnSection, modulesSection, locationSection] = sections as [
    TFormSection,
    TFormSection,
    TFormSection,
    TFormSection,
  ];

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
        // The station's name in the interface language, Russian when that one is empty (docs/style.md#4-languages).
        content: t(isEdit ? 'success.saved' : 'success.created', { name: nameOf(values) }),
        okText: t('success.toMerchant'),
        onOk: onDone,
      });
    },
    [isEdit, message, modal, nameOf, onDone, t],
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
      // One surface (the page's card) with the sections on it, room around them and the footer.
      formProps={{ name: 'station', style: { padding: screens.md ? token.paddingLG : token.padding } }}
    >
      <Row gutter={32} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {isWide ? null : <SectionSelect sections={sections} />}
          <FormSection section={stationSection} isFirst>
            <StationInfoSection />
          </FormSection>
          <FormSection section={columnSection} isFirst={false}>
            <ColumnSection isEdit={isEdit} />
          </FormSection>
          <FormSection section={modulesSection} isFirst={false}>
            <Form.Item name="modules" rules={modulesRules} style={{ marginBottom: token.marginLG }}>
              <ModulesSection isEdit={isEdit} stationId={stationId} refused={refused} />
            </Form.Item>
          </FormSection>
          <FormSection section={locationSection} isFirst={false}>
            <LocationSection />
          </FormSection>
        </Col>
        {isWide ? (
          <Col flex="200px">
            <SectionAnchor sections={sections} />
          </Col>
        ) : null}
      </Row>
    </FormShell>
  );
};
