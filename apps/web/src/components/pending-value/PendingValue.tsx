import { Skeleton } from 'antd';
import { FRAME_FIELD_ATTRIBUTE } from '@/lib/frameRecord';

/**
 * A value on its way: a skeleton one line high. `field` names it for a prerendered page's script, which writes the
 * value in its place as soon as the record arrives, before the app does (prerender/frameFill.ts).
 */
export const PendingValue = ({ field }: { field?: string }) => (
  <span {...(field ? { [FRAME_FIELD_ATTRIBUTE]: field } : {})}>
    <Skeleton.Input active size="small" style={{ width: 120, height: 14, minWidth: 0, verticalAlign: 'middle' }} />
  </span>
);
