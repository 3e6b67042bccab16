import { EditOutlined } from '@ant-design/icons';
import type { TMerchant } from '@zaryad/contracts';
import { Button, Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone, StatusTag } from '@/components';
import { useCan } from '@/components/permissions/permissions';
import { merchantLocation } from '@/features/merchants/merchantLocation';
import { StationCounts } from '@/features/merchants/StationCounts';
import { useCatalogueTitle } from '@/features/pickers';
import { flattenSchedule, ScheduleSummary } from '@/features/schedule';
import { formatDateTime } from '@/lib/dates';
import { HistoryButton } from '@/features/audit';

const personName = (person: TMerchant['created_by']) =>
  person ? [person.last_name, person.first_name].filter(Boolean).join(' ') || '—' : '—';

/** The merchant's data above its stations: contacts, location, schedule, catalogue items, counts, authorship. */
export const MerchantHeaderCard = ({ merchant }: { merchant: TMerchant }) => {
  const { t } = useTranslation(['merchants', 'common']);
  const navigate = useNavigate();
  const canEdit = useCan('merchants.edit');
  const title = useCatalogueTitle();
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
      title={merchant.name}
      extra={
        <Flex gap={8} wrap>
          <HistoryButton entity="merchant" id={merchant.id} />
          {canEdit ? (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(`/create-edit-merchant/${merchant.id}`)}>
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
          { key: 'status', label: t('fields.status'), children: <StatusTag status={merchant.status} /> },
          { key: 'agreement', label: t('fields.agreementNumber'), children: merchant.agreement_number },
          { key: 'legal', label: t('fields.legalEntity'), children: merchant.legal_entity },
          { key: 'phone', label: t('fields.phone'), children: formatPhone(merchant.phone) },
          { key: 'email', label: t('fields.email'), children: merchant.email },
          { key: 'percentage', label: t('fields.percentage'), children: `${merchant.percentage} %` },
          { key: 'country', label: t('fields.country'), children: merchant.country?.name ?? '—' },
          { key: 'location', label: t('fields.location'), children: merchantLocation(merchant, true) || '—' },
          {
            key: 'schedule',
            label: t('fields.schedule'),
            children: <ScheduleSummary entries={flattenSchedule(merchant.schedule)} />,
          },
          { key: 'tags', label: t('fields.tags'), children: list(merchant.tags) },
          { key: 'environment', label: t('fields.infrastructure'), children: list(merchant.environment) },
          { key: 'stations', label: t('fields.stations'), children: <StationCounts merchant={merchant} /> },
          { key: 'createdBy', label: t('fields.createdBy'), children: personName(merchant.created_by) },
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(merchant.created_at) },
        ]}
      />
    </Card>
  );
};
