import { Form, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { TPeriodValue } from '@/components/period-field/periodValue';

// The period's date-time picker (~30 KB gzip) loads beside the form rather than in its chunk.
const PeriodField = lazy(async () => ({
  default: (await import('@/components/period-field/PeriodField')).PeriodField,
}));

type TPeriodFormItemProps = {
  label: string;
  /** Said when either end is missing. */
  requiredMessage: string;
  /** Said when the start is not before the end. */
  orderMessage: string;
};

/** The form's `period` field (a promotion's, a banner's): both ends required, the start before the end. */
export const PeriodFormItem = ({ label, requiredMessage, orderMessage }: TPeriodFormItemProps) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <Form.Item
      name="period"
      label={label}
      rules={[
        { required: true, message: requiredMessage },
        {
          validator: async (_rule, value: TPeriodValue | undefined) => {
            if (value && !value[0].isBefore(value[1])) {
              throw new Error(orderMessage);
            }
          },
        },
      ]}
    >
      <PeriodField />
    </Form.Item>
  </Suspense>
);
