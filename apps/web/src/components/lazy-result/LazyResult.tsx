import { Flex, Skeleton, type ResultProps } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

export type TLazyResultProps = Pick<ResultProps, 'status' | 'title' | 'subTitle' | 'extra'>;

/** The page without its illustration: title, subtitle and actions, centred as Result sets them. */
const PlainResult = ({ title, subTitle, extra }: TLazyResultProps) => (
  <Flex vertical align="center" gap={16} style={{ padding: '48px 32px', textAlign: 'center' }}>
    <div style={{ fontSize: 24 }}>{title}</div>
    {subTitle ? <div>{subTitle}</div> : null}
    {extra ? <div>{extra}</div> : null}
  </Flex>
);

// Result carries every illustration it can show (~10 KB gzip) and screens show one only when a load fails: it
// loads then (issue 10's web budgets). Should that chunk fail too (the network is often why the load failed),
// the plain page stands in.
const Result = lazy<ComponentType<TLazyResultProps>>(() =>
  import('@/components/lazy-result/ResultView').then(
    (module) => ({ default: module.Result }),
    () => ({ default: PlainResult }),
  ),
);

/** antd's `<Result>` for a screen's load error or missing record, loaded when shown. */
export const LazyResult = (props: TLazyResultProps) => (
  <Suspense fallback={<Skeleton active />}>
    <Result {...props} />
  </Suspense>
);
