import {
  BANNER_LIMITS,
  FULLSCREEN_CATEGORIES,
  FULLSCREEN_DESTINATIONS,
  FULLSCREEN_RATIO,
  HEX_COLOUR_PATTERN,
  zHttpUrl,
  zRequiredText,
  type TBannerItem,
  type TBannerType,
} from '@zaryad/contracts';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_IMAGE_MAX_KB, FormShell, ImageUpload, PHOTO_TYPES, type TImageItem } from '@/components';
import { renamedFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { PeriodFormItem } from '@/components/period-field/PeriodFormItem';
import { FORM_FIELD_OF, type TBannerFormValues } from '@/features/banners/bannerForm';
import { ColorField } from '@/features/banners/ColorField';
import { BannerPreview, PhonePreview } from '@/features/banners/PhonePreview';
import { MerchantSelect, StationSelect } from '@/features/pickers';
import { contractMessage } from '@/lib/contractMessage';
import { zodRule } from '@/lib/formRules';

export type TBannerFormProps = {
  type: TBannerType;
  initialValues: TBannerFormValues;
  isEdit: boolean;
  /** The merchant's name when editing, for the picker before it loads. */
  merchantName?: string | null;
  onSubmit: (values: TBannerFormValues) => Promise<TBannerItem>;
  onSaved: (saved: TBannerItem) => void;
  onCancel: () => void;
};

/** The fullscreen's crop is locked to the iOS screen's 9:19.5; the banner's is docs/product/common.md#9-limits's. */
const FULLSCREEN_CROP = { aspect: FULLSCREEN_RATIO.width / FULLSCREEN_RATIO.height, aspectSlider: false };

/** The server's names that the form shows elsewhere: the dates on the period, the status on its switch. */
const placeErrors = renamedFieldErrors(FORM_FIELD_OF);

type TStationsFieldProps = {
  value?: number[];
  onChange?: (ids: number[]) => void;
  merchant: number | null;
  label: string;
};

/** The merchant's stations; none to choose before a merchant is. */
const StationsField = ({ value, onChange, merchant, label }: TStationsFieldProps) => (
  <StationSelect
    label={label}
    value={value}
    onChange={(ids) => onChange?.(ids)}
    merchant={merchant ?? undefined}
    disabled={merchant === null}
    width="100%"
  />
);

/** The banner form and the fullscreen form (issue 15): one shell, each type's own fields and preview. */
export const BannerForm = ({
  type,
  initialValues,
  isEdit,
  merchantName,
  onSubmit,
  onSaved,
  onCancel,
}: TBannerFormProps) => {
  const { t } = useTranslation('banners');
  const [form] = Form.useForm<TBannerFormValues>();
  const image = Form.useWatch('image', form) as TImageItem[] | undefined;
  const name = (Form.useWatch('name', form) as string | undefined) ?? '';
  const merchant = (Form.useWatch('merchant', form) as number | null | undefined) ?? null;
  const buttonName = (Form.useWatch('button_name', form) as string | undefined) ?? '';
  const buttonColor = (Form.useWatch('button_color', form) as string | undefined) ?? '';
  const isBanner = type === 'banner';

  return (
    <FormShell<TBannerFormValues, TBannerItem>
      form={form}
      initialValues={initialValues}
      isEdit={isEdit}
      onSubmit={onSubmit}
      onSaved={onSaved}
      onCancel={onCancel}
      placeErrors={placeErrors}
      formProps={{ name: `${type}-form`, style: { maxWidth: 1040 } }}
    >
      <Row gutter={24}>
        <Col xs={24} lg={15}>
          <Form.Item name="name" label={t('fields.name')} rules={[zodRule(zRequiredText(BANNER_LIMITS.name))]} required>
            <Input maxLength={BANNER_LIMITS.name} showCount />
          </Form.Item>
          <Form.Item
            name="image"
            label={t('fields.image')}
            extra={isBanner ? t('form.bannerImageHint') : t('form.fullscreenImageHint')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.requiredImage') }]}
          >
            <ImageUpload
              accept={PHOTO_TYPES}
              maxKb={DEFAULT_IMAGE_MAX_KB}
              label={t('fields.image')}
              crop={isBanner ? undefined : FULLSCREEN_CROP}
            />
          </Form.Item>
          {isBanner ? (
            <>
              <Form.Item name="source_link" label={t('fields.sourceLink')} rules={[zodRule(zHttpUrl())]} required>
                <Input inputMode="url" placeholder="https://" maxLength={BANNER_LIMITS.link} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={16}>
                  <Form.Item
                    name="button_name"
                    label={t('fields.buttonName')}
                    rules={[zodRule(zRequiredText(BANNER_LIMITS.buttonName))]}
                    required
                  >
                    <Input maxLength={BANNER_LIMITS.buttonName} showCount />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="button_color"
                    label={t('fields.buttonColor')}
                    rules={[{ pattern: HEX_COLOUR_PATTERN, message: contractMessage('color_invalid') }]}
                  >
                    <ColorField />
                  </Form.Item>
                </Col>
              </Row>
            </>
          ) : (
            <>
              <Form.Item name="link" label={t('fields.link')} rules={[zodRule(zHttpUrl())]} required>
                <Input inputMode="url" placeholder="https://" maxLength={BANNER_LIMITS.link} />
              </Form.Item>
              <Form.Item
                name="categories"
                label={t('fields.categories')}
                rules={[{ required: true, type: 'array', min: 1, message: t('form.requiredCategories') }]}
              >
                <Select
                  mode="multiple"
                  aria-label={t('fields.categories')}
                  options={FULLSCREEN_CATEGORIES.map((key) => ({ value: key, label: t(`categories.${key}`) }))}
                />
              </Form.Item>
              <Form.Item name="destination" label={t('fields.destination')} required>
                <Select
                  aria-label={t('fields.destination')}
                  options={FULLSCREEN_DESTINATIONS.map((key) => ({ value: key, label: t(`destinations.${key}`) }))}
                />
              </Form.Item>
            </>
          )}
          <Form.Item name="merchant" label={t('fields.merchant')} extra={isBanner ? t('form.allStations') : undefined}>
            <MerchantSelect
              label={t('form.noMerchant')}
              knownName={merchantName}
              // Called besides the form's own change: stations belong to a merchant, another one starts with none.
              onChange={() => {
                form.setFieldValue('stations', []);
              }}
            />
          </Form.Item>
          {isBanner ? (
            <Form.Item name="stations" label={t('fields.stations')}>
              <StationsField merchant={merchant} label={t('fields.stations')} />
            </Form.Item>
          ) : null}
          <PeriodFormItem
            label={t('fields.period')}
            requiredMessage={t('form.requiredPeriod')}
            orderMessage={t('form.startBeforeEnd')}
          />
          <Form.Item name="isActive" label={t('fields.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} lg={9}>
          {isBanner ? (
            <BannerPreview image={image?.[0]?.url} name={name} buttonName={buttonName} buttonColor={buttonColor} />
          ) : (
            <PhonePreview image={image?.[0]?.url} name={name} />
          )}
        </Col>
      </Row>
    </FormShell>
  );
};
