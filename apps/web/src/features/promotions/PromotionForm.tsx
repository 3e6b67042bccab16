import { PROMOTION_LIMITS, zRequiredText, type TLanguage } from '@zaryad/contracts';
import { zDiscountAmount, zDiscountPercent, zPromotionCount, type TPromotion } from '@zaryad/contracts/promotions';
import { Col, Form, Input, Row, Skeleton, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_IMAGE_MAX_KB,
  FormProblemAlert,
  ImageUpload,
  LeavePageGuardModal,
  MultiLanguageWizard,
  PHOTO_TYPES,
} from '@/components';
import { renamedFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { useGuardedFormSubmit } from '@/components/form-shell/useGuardedFormSubmit';
import { PeriodFormItem } from '@/components/period-field/PeriodFormItem';
import { TextSpan } from '@/components/text/TextSpan';
import { FORM_FIELD_OF, type TDiscountKind, type TPromotionFormValues } from '@/features/promotions/promotionForm';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

export type TPromotionFormProps = {
  initialValues: TPromotionFormValues;
  isEdit: boolean;
  /** The merchant's name when editing, for the picker before it loads. */
  merchantName?: string | null;
  onSubmit: (values: TPromotionFormValues) => Promise<TPromotion>;
  onSaved: (saved: TPromotion) => void;
  onCancel: () => void;
};

// The time and the pickers' controls load beside the form rather than in its chunk; their fields are there (and
// checked by the first step's 'next') from the first frame.
const LazyInitiatorSelect = lazy(async () => ({
  default: (await import('@/features/promotions/PromotionControls')).InitiatorSelect,
}));
const InitiatorSelect = (props: ComponentProps<typeof LazyInitiatorSelect>) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <LazyInitiatorSelect {...props} />
  </Suspense>
);
const LazyMerchantPicker = lazy(async () => ({
  default: (await import('@/features/promotions/PromotionControls')).MerchantPicker,
}));
const MerchantPicker = (props: ComponentProps<typeof LazyMerchantPicker>) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <LazyMerchantPicker {...props} />
  </Suspense>
);
const LazyStationsPicker = lazy(async () => ({
  default: (await import('@/features/promotions/PromotionControls')).StationsPicker,
}));
const StationsPicker = (props: ComponentProps<typeof LazyStationsPicker>) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <LazyStationsPicker {...props} />
  </Suspense>
);
const LazyHappyHoursField = lazy(async () => ({
  default: (await import('@/features/promotions/PromotionControls')).HappyHoursField,
}));
const HappyHoursField = (props: ComponentProps<typeof LazyHappyHoursField>) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <LazyHappyHoursField {...props} />
  </Suspense>
);

const TITLE_LABEL = { ru: 'fields.titleRu', en: 'fields.titleEn', ky: 'fields.titleKy' } as const;
const titleName = (language: TLanguage) => `title_${language}` as const;

/** The server's names that the form shows elsewhere: the dates on the period, the hours on their range. */
const placeErrors = renamedFieldErrors(FORM_FIELD_OF);

/** Up to 5 digits with 2 decimals (docs/product/promotions.md#5-validation); a decimal comma reads as a point. */
const amountRule = zodRule({
  safeParse: (value: unknown) => zDiscountAmount().safeParse(String(value).trim().replace(',', '.')),
});

type TDiscountKindSwitchProps = {
  value?: TDiscountKind;
  onChange?: (kind: TDiscountKind) => void;
  id?: string;
  percentLabel: string;
  amountLabel: string;
};

/** The discount kind as a switch (issue 14): on for a percentage, off for an amount. */
const DiscountKindSwitch = ({ value, onChange, id, percentLabel, amountLabel }: TDiscountKindSwitchProps) => (
  <Switch
    id={id}
    checked={value === 'percent'}
    onChange={(checked) => onChange?.(checked ? 'percent' : 'amount')}
    checkedChildren={percentLabel}
    unCheckedChildren={amountLabel}
  />
);

/**
 * The promotion form (issue 14): the name in ru, en and ky through the multi-language wizard, and on every step the
 * image (cropped), initiator, merchant and stations (infinite scroll), period, happy hours (30-minute steps), the
 * conditions, the discount as a percentage or an amount, and the status.
 */
export const PromotionForm = ({
  initialValues,
  isEdit,
  merchantName,
  onSubmit,
  onSaved,
  onCancel,
}: TPromotionFormProps) => {
  const { t } = useTranslation('promotions');
  const [form] = Form.useForm<TPromotionFormValues>();
  const merchant = (Form.useWatch('merchant', form) as number | null | undefined) ?? null;
  const discountKind = (Form.useWatch('discountKind', form) as TDiscountKind | undefined) ?? initialValues.discountKind;
  const { submit, isSubmitting, problem, guard, markDirty } = useGuardedFormSubmit({
    form,
    onSubmit: (values: TPromotionFormValues) => onSubmit({ ...initialValues, ...values }),
    onSaved,
    placeErrors,
  });

  return (
    <>
      <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
        <FormProblemAlert problem={problem} />
      </div>
      <MultiLanguageWizard<TPromotionFormValues>
        form={form}
        mode={isEdit ? 'edit' : 'create'}
        fields={(language) => (
          <Form.Item
            name={titleName(language)}
            label={t(TITLE_LABEL[language])}
            rules={[zodRule(zRequiredText(PROMOTION_LIMITS.title))]}
            required
          >
            <Input count={{ show: true, max: PROMOTION_LIMITS.title }} autoComplete="off" />
          </Form.Item>
        )}
        fieldNames={(language) => [titleName(language)]}
        onSubmit={submit}
        onCancel={onCancel}
        submitting={isSubmitting}
        isPage
        formProps={{
          name: 'promotion-form',
          initialValues,
          requiredMark: true,
          style: { maxWidth: 880 },
          onValuesChange: markDirty,
        }}
      >
        <Form.Item
          name="image"
          label={t('fields.image')}
          extra={t('form.imageHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.requiredImage') }]}
        >
          <ImageUpload accept={PHOTO_TYPES} maxKb={DEFAULT_IMAGE_MAX_KB} label={t('fields.image')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="initiator"
              label={t('fields.initiator')}
              rules={[{ required: true, message: t('form.requiredInitiator') }]}
            >
              <InitiatorSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="merchant" label={t('fields.merchant')}>
              <MerchantPicker
                knownName={merchantName}
                onMerchantChange={() => {
                  form.setFieldValue('stations', []);
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="stations" label={t('fields.stations')} extra={t('form.allStations')}>
          <StationsPicker merchant={merchant} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <PeriodFormItem
              label={t('fields.period')}
              requiredMessage={t('form.requiredPeriod')}
              orderMessage={t('form.startBeforeEnd')}
            />
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="happyHours"
              label={t('fields.happyHours')}
              rules={[
                { required: true, message: t('form.requiredHappyHours') },
                {
                  validator: async (_rule, value: [Dayjs, Dayjs] | null | undefined) => {
                    if (value && value[0].format('HH:mm') === value[1].format('HH:mm')) {
                      throw new Error(contractMessage('happy_hours_equal'));
                    }
                  },
                },
              ]}
            >
              <HappyHoursField />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="min_charge_amount" label={t('fields.minChargeAmount')} rules={[amountRule]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="min_charges_count"
              label={t('fields.minChargesCount')}
              rules={[zodRule(zPromotionCount())]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16} align="bottom">
          <Col xs={24} md={12}>
            <Form.Item name="discountKind" label={t('fields.discountKind')}>
              <DiscountKindSwitch percentLabel={t('discountKinds.percent')} amountLabel={t('discountKinds.amount')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {discountKind === 'percent' ? (
              <Form.Item
                key="percent"
                name="discount_percent"
                label={t('fields.discountPercent')}
                required
                // One message: an empty field fails the required rule and the percentage's alike.
                validateFirst
                rules={[
                  { required: true, whitespace: true, message: contractMessage('percent_invalid') },
                  zodRule(zDiscountPercent()),
                ]}
              >
                <Input inputMode="numeric" suffix="%" />
              </Form.Item>
            ) : (
              <Form.Item
                key="amount"
                name="discount_amount"
                label={t('fields.discountAmount')}
                required
                validateFirst
                dependencies={['min_charge_amount']}
                rules={[
                  { required: true, message: contractMessage('discount_amount_invalid') },
                  amountRule,
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: string | undefined) => {
                      const minimum = Number(String(getFieldValue('min_charge_amount') ?? '0').replace(',', '.'));
                      if (value && Number(value.replace(',', '.')) > minimum) {
                        throw new Error(contractMessage('discount_exceeds_amount'));
                      }
                    },
                  }),
                ]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            )}
          </Col>
        </Row>
        <p style={{ marginTop: 0 }}>
          <TextSpan tone="secondary">{t('form.codesOnly')}</TextSpan>
        </p>
        <Form.Item name="isActive" label={t('fields.status')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </MultiLanguageWizard>
      <LeavePageGuardModal guard={guard} />
    </>
  );
};
