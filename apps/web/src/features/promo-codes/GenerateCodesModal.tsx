import type { TPromotion } from '@zaryad/contracts/promotions';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, useFormSubmit } from '@/components';
import { TIME_ZONE } from '@/lib/dates';

export type TGenerateValues = {
  promotion?: number;
  count: string;
  prefix: string;
  length: string;
  total_limit: string;
  per_user_limit: string;
  period: [Dayjs, Dayjs] | null;
};

/** The API's body of the modal's values; times are Bishkek wall-clock times. */
export const toGenerateBody = (values: TGenerateValues) => ({
  promotion: values.promotion,
  count: values.count,
  prefix: values.prefix,
  length: values.length,
  total_limit: values.total_limit,
  per_user_limit: values.per_user_limit,
  valid_from: values.period ? dayjs.tz(values.period[0].format('YYYY-MM-DD HH:mm:ss'), TIME_ZONE).format() : '',
  valid_until: values.period ? dayjs.tz(values.period[1].format('YYYY-MM-DD HH:mm:ss'), TIME_ZONE).format() : '',
});

type TProps = {
  promotions: TPromotion[];
  onSubmit: (values: TGenerateValues) => Promise<{ count: number }>;
  onClose: (generated?: number) => void;
};

/** Generates codes for a promotion (issue 14, part 5): count, prefix, length, limits and validity. */
export const GenerateCodesModal = ({ promotions, onSubmit, onClose }: TProps) => {
  const { t, i18n } = useTranslation('promoCodes');
  const [form] = Form.useForm<TGenerateValues>();
  const { submit, isSubmitting, problem } = useFormSubmit({
    form,
    onSubmit,
    onSaved: (result: { count: number }) => {
      onClose(result.count);
    },
    placeErrors: (body, fields) => {
      const renamed = { ...body };
      for (const name of ['valid_from', 'valid_until']) {
        if (renamed[name]) {
          renamed.period = renamed[name];
          delete renamed[name];
        }
      }
      return {
        fields: Object.entries(renamed)
          .filter(([name]) => fields.has(name))
          .map(([name, errors]) => ({ name, errors })),
        rest: Object.entries(renamed)
          .filter(([name]) => !fields.has(name))
          .flatMap(([, errors]) => errors),
      };
    },
  });
  const required = [{ required: true, message: t('required') }];
  const language = i18n.language === 'en' || i18n.language === 'ky' ? i18n.language : 'ru';
  return (
    <Modal
      open
      title={t('generate')}
      okText={t('generate')}
      confirmLoading={isSubmitting}
      onOk={() => {
        void form.validateFields().then(submit, () => undefined);
      }}
      onCancel={() => {
        onClose();
      }}
    >
      <FormProblemAlert problem={problem} />
      <Form<TGenerateValues>
        form={form}
        layout="vertical"
        name="generate-codes"
        initialValues={{ count: '100', prefix: '', length: '8', total_limit: '1', per_user_limit: '1', period: null }}
      >
        <Form.Item name="promotion" label={t('promotion')} rules={required} extra={t('generateNote')}>
          <Select
            aria-label={t('promotion')}
            showSearch={{ optionFilterProp: 'label' }}
            options={promotions.map((item) => ({ value: item.id, label: item[`title_${language}`] }))}
          />
        </Form.Item>
        <Form.Item name="count" label={t('count')} rules={required}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="prefix" label={t('prefix')}>
          <Input maxLength={8} />
        </Form.Item>
        <Form.Item name="length" label={t('length')} rules={required}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="total_limit" label={t('totalLimit')} rules={required}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="per_user_limit" label={t('perUserLimit')} rules={required}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="period" label={t('period')} rules={required}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
