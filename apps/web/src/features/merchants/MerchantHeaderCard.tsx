import { EditOutlined } from '@ant-design/icons';
import type { TMerchant } from '@zaryad/contracts';
import { Button, Card, Descriptions, Flex, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusTag } from '@/components';
import { PendingValue } from '@/components/pending-value/PendingValue';
import { TextSpan } from '@/components/text/TextSpan';
import { useCan } from '@/components/permissions/permissions';
import { HistoryButton } from '@/features/audit';
import { merchantCardTexts, type TMerchantTextField } from '@/features/merchants/merchantCardTexts';
import { StationCounts } from '@/features/merchants/StationCounts';
import { useCatalogueTitle } from '@/features/pickers';
import { useScheduleSummaryWords } from '@/features/schedule';
import { useNumberFormat } from '@/lib/useNumberFormat';
import '@/features/merchants/merchantCard.css';

type TProps = {
  id: number;
  /** Undefined while it loads: the card is drawn with its labels and a skeleton for each value. */
  merchant: TMerchant | undefined;
};

/** The merchant's data above its stations: contacts, location, schedule, catalogue items, counts, authorship. */
export const MerchantHeaderCard = ({ id, merchant }: TProps) => {
  const { t } = useTranslation(['merchants', 'common']);
  const navigate = useNavigate();
  const canEdit = useCan('merchants.edit');
  const title = useCatalogueTitle();
  const scheduleWords = useScheduleSummaryWords();
  const figures = useNumberFormat();
  const texts = merchant ? merchantCardTexts(merchant, scheduleWords, figures) : undefined;
  // A plain text value, or its skeleton while the merchant loads.
  const text = (field: TMerchantTextField): ReactNode => texts?.[field] ?? <PendingValue />;
  const shown = (render: (loaded: TMerchant) => ReactNode): ReactNode =>
    merchant ? render(merchant) : <PendingValue />;
  const list = (items: TMerchant['tags']) =>
    items.length === 0 ? (
      '—'
    ) : (
      <Flex gap={4} wrap>
        {items.map((item) => (
          <Tag key={item.id}>{title(item)}</Tag>
        ))}
      </Flex>
    );
  return (
    <Card
      className="merchant-card"
      title={text('name')}
      extra={
        <Flex gap={8} wrap>
          <HistoryButton entity="merchant" id={id} />
          {canEdit ? (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(`/create-edit-merchant/${id}`)}>
              {t('common:actions.edit')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          {
            key: 'status',
            label: t('fields.status'),
            children: shown((loaded) => <StatusTag status={loaded.status} />),
          },
          { key: 'agreement', label: t('fields.agreementNumber'), children: text('agreement') },
          { key: 'legal', label: t('fields.legalEntity'), children: text('legal') },
          { key: 'phone', label: t('fields.phone'), children: text('phone') },
          { key: 'email', label: t('fields.email'), children: text('email') },
          { key: 'percentage', label: t('fields.percentage'), children: text('percentage') },
          { key: 'country', label: t('fields.country'), children: text('country') },
          { key: 'location', label: t('fields.location'), children: text('location') },
          {
            key: 'schedule',
            label: t('fields.schedule'),
            children: texts ? <TextSpan data-testid="schedule-summary">{texts.schedule}</TextSpan> : text('schedule'),
          },
          { key: 'tags', label: t('fields.tags'), children: shown((loaded) => list(loaded.tags)) },
          {
            key: 'environment',
            label: t('fields.infrastructure'),
            children: shown((loaded) => list(loaded.environment)),
          },
          {
            key: 'stations',
            label: t('fields.stations'),
            children: shown((loaded) => <StationCounts merchant={loaded} />),
          },
          { key: 'createdBy', label: t('fields.createdBy'), children: text('createdBy') },
          { key: 'createdAt', label: t('fields.createdAt'), children: text('createdAt') },
        ]}
      />
    </Card>
  );
};
