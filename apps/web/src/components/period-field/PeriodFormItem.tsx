import { Form, Skeleton } from 'antd';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { TPeriodValue } from '@/components/period-field/periodValue';

// The period's date-time picker (~30 KB gzip) loads beside the form rather than in its chunk: the Form.Item is there
// (and checked, by a wizard's 'next' too) from the first frame, and only the picker inside it waits for its chunk.
const LazyPeriodField = lazy(async () => ({
  default: (await import('@/components/period-field/PeriodField')).PeriodField,
}));
const PeriodField = (props: ComponentProps<typeof LazyPeriodField>) => (
  <Suspense fallback={<Skeleton.Input active block />}>
    <LazyPeriodField {...props} />
  </Suspense>
);

type TPeriodFormItemProps = {
  label: string;
  /** Said when either end is missing. */
  requiredMessage: string;
  /** Said when the start is not before the end. */
  orderMessage: string;
};

/** The form's `period` field (a promotion's, a banner's): both ends required, the start before the end. */
export const PeriodFormItem = ({ label, requiredMessage, orderMessage }: TPeriodFormItemProps) => (
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
);
