import { Skeleton } from 'antd';

/** A value on its way: a skeleton one line high, so the card keeps its shape while the record loads. */
export const PendingValue = () => (
  <Skeleton.Input active size="small" style={{ width: 120, height: 14, minWidth: 0, verticalAlign: 'middle' }} />
);
