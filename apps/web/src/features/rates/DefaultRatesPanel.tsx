import { Card, Flex, Skeleton } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultRateFees } from '@/features/rates/api';
import { TextSpan } from '@/components/text/TextSpan';
import { errorMessage } from '@/lib/apiError';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * One line of connector types, the same height loading, filled or empty, whatever their number and the screen's
 * width: a wider list scrolls sideways within it. The rates list below does not move when the fees arrive (issue 18:
 * as a grid of one column on a phone the panel grew from its skeleton to seven rows and pushed the list down).
 */
const STRIP: CSSProperties = { height: 48, overflowX: 'auto', overflowY: 'hidden' };

/** GET /payments/default-rates-fee/: what a connector without a personal tariff costs, per connector type. */
export const DefaultRatesPanel = () => {
  const { t } = useTranslation(['rates', 'common']);
  const { money } = useNumberFormat();
  const fees = useDefaultRateFees();
  return (
    <Card size="small" title={t('defaults.title')} style={{ marginBottom: 16 }}>
      {/* Focusable, as a region that may scroll must be for the keyboard (WCAG 2.1.1). */}
      <div style={STRIP} role="region" aria-label={t('defaults.title')} aria-busy={fees.isLoading} tabIndex={0}>
        {fees.isLoading ? (
          // A type's name over its price, as the strip draws them, within the strip's height.
          <Flex vertical gap={8} style={{ paddingBlock: 4 }}>
            <Skeleton.Input active size="small" style={{ width: 280, height: 14, minWidth: 0 }} />
            <Skeleton.Input active size="small" style={{ width: 140, height: 14, minWidth: 0 }} />
          </Flex>
        ) : null}
        {fees.isError ? (
          <TextSpan tone="danger">{errorMessage(fees.error, t('common:errors.request'))}</TextSpan>
        ) : null}
        {fees.data && fees.data.length === 0 ? <TextSpan>{t('defaults.empty')}</TextSpan> : null}
        {fees.data && fees.data.length > 0 ? (
          <Flex component="dl" gap={32} style={{ margin: 0, width: 'max-content' }}>
            {fees.data.map((fee) => (
              <Flex key={fee.typo} vertical style={{ whiteSpace: 'nowrap' }}>
                <dt>
                  <TextSpan tone="secondary">{fee.name}</TextSpan>
                </dt>
                <dd style={{ margin: 0 }}>
                  {fee.fee === null ? (
                    <TextSpan tone="secondary">{t('defaults.none')}</TextSpan>
                  ) : (
                    <TextSpan strong>{t('price', { fee: money(fee.fee) })}</TextSpan>
                  )}
                </dd>
              </Flex>
            ))}
          </Flex>
        ) : null}
      </div>
    </Card>
  );
};
