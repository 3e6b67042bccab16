import type { TRate } from '@zaryad/contracts';
import { App, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import { useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { toApiDateTime } from '@/components/period-field/periodValue';
import { useCreateRateVersion } from '@/features/rates/api';
import { PriceFields } from '@/features/rates/PriceFields';
import {
  placePriceErrors,
  toPriceFormValues,
  toVersionBody,
  type TPeriodRow,
  type TPriceFormValues,
} from '@/features/rates/rateBody';

type TVersionFormValues = TPriceFormValues & { effective_from: Dayjs | null };

type TNewVersionModalProps = { rate: TRate; open: boolean; onClose: () => void };

/**
 * "New price from…" of a tariff (Tariffs II): an active tariff cannot be edited, its price changes by a new version,
 * in force now (the date left empty) or from a later moment in Bishkek time. The components start as the version in
 * force now; POST /payments/{id}/versions/.
 */
export const NewVersionModal = ({ rate, open, onClose }: TNewVersionModalProps) => {
  const { t } = useTranslation(['rates', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TVersionFormValues>();
  const create = useCreateRateVersion(rate.id);
  const initialValues = useMemo<TVersionFormValues>(
    () => ({ ...toPriceFormValues(rate), effective_from: null }),
    [rate],
  );
  const placeErrors = useMemo(
    () => placePriceErrors(() => ((form.getFieldValue('periods') ?? []) as TPeriodRow[]).length),
    [form],
  );
  const { submit, isSubmitting, problem, markInvalid } = useFormSubmit<TVersionFormValues, unknown>({
    form,
    onSubmit: (values) =>
      create.mutateAsync(toVersionBody(values, values.effective_from ? toApiDateTime(values.effective_from) : null)),
    onSaved: () => {
      void message.success(t('versions.created'));
      onClose();
    },
    placeErrors,
  });
  const title = t('versions.modalTitle', { name: rate.name });
  return (
    <Modal
      open={open}
      title={title}
      width={760}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={isSubmitting}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TVersionFormValues>
        name="rate-version"
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit({ ...initialValues, ...values })}
        onFinishFailed={markInvalid}
      >
        <FormProblemAlert problem={problem} />
        <Form.Item name="effective_from" label={t('versions.effectiveFrom')} extra={t('versions.nowHint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD.MM.YYYY HH:mm"
            placeholder={t('versions.pastHint')}
            disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <PriceFields />
      </Form>
    </Modal>
  );
};
