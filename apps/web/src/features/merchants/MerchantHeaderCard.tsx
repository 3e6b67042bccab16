import { EditOutlined } from '@ant-design/icons';
import type { TMerchant } from '@zaryad/contracts';
import { Button, Card, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusTag } from '@/components';
import { PendingValue } from '@/components/pending-value/PendingValue';
import { TextSpan } from '@/components/text/TextSpan';
import { useCan } from '@/components/permissions/permissions';
import { HistoryButton } from '@/features/audit';
import { merchantCardTexts } from '@/features/merchants/merchantCardTexts';
import { StationCounts } from '@/features/merchants/StationCounts';
import { useCatalogueTitle } from '@/features/pickers';
import { useScheduleSummaryWords } from '@/features/schedule';
import { useNumberFormat } from '@/lib/useNumberFormat';
import '@/features/merchants/merchantCard.css';

type TProps = {
  id: number;
  /** Undefined while it loads: the card is drawn with its title's and its facts' skeletons. */
  merchant: TMerchant | undefined;
};

/** The merchant's data above its stations: contacts, location, schedule, catalogue items, counts, authorship. */
export const MerchantHeaderCard = ({ id, merchant }: TProps) => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const canEdit = useCan('merchants.edit');
  return (
    <Card
      className="merchant-card"
      title={merchant ? merchant.name : <PendingValue />}
      extra={
        <Flex gap={8} wrap>
          <HistoryButton entity="merchant" id={id} />
          {canEdit ? (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(`/create-edit-merchant/${id}`)}>
              {t('actions.edit')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      {/* The facts once they are all there: labels drawn first moved their rows down as the values (a schedule on
          three lines) filled them, Lighthouse's layout shift on a phone. */}
      {merchant ? <MerchantFacts merchant={merchant} /> : <Skeleton active title={false} paragraph={{ rows: 6 }} />}
    </Card>
  );
};

const MerchantFacts = ({ merchant }: { merchant: TMerchant }) => {
  const { t } = useTranslation('merchants');
  const title = useCatalogueTitle();
  const texts = merchantCardTexts(merchant, useScheduleSummaryWords(), useNumberFormat());
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
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'status', label: t('fields.status'), children: <StatusTag status={merchant.status} /> },
        { key: 'agreement', label: t('fields.agreementNumber'), children: texts.agreement },
        { key: 'legal', label: t('fields.legalEntity'), children: texts.legal },
        { key: 'phone', label: t('fields.phone'), children: texts.phone },
        { key: 'email', label: t('fields.email'), children: texts.email },
        { key: 'percentage', label: t('fields.percentage'), children: texts.percentage },
        { key: 'country', label: t('fields.country'), children: texts.country },
        { key: 'location', label: t('fields.location'), children: texts.location },
        {
          key: 'schedule',
          label: t('fields.schedule'),
          children: <TextSpan data-testid="schedule-summary">{texts.schedule}</TextSpan>,
        },
        { key: 'tags', label: t('fields.tags'), children: list(merchant.tags) },
        { key: 'environment', label: t('fields.infrastructure'), children: list(merchant.environment) },
        { key: 'stations', label: t('fields.stations'), children: <StationCounts merchant={merchant} /> },
        { key: 'createdBy', label: t('fields.createdBy'), children: texts.createdBy },
        { key: 'createdAt', label: t('fields.createdAt'), children: texts.createdAt },
      ]}
    />
  );
};
