import type { TStation } from '@zaryad/contracts';
import { Card, Descriptions, Flex, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag/StatusTag';
import { formatCoordinate } from '@/features/map';
import { useCatalogueTitle } from '@/features/pickers';
import { localized } from '@/features/stations/info/stationText';
import { useStationLanguage } from '@/features/stations/info/useStationLanguage';
import { TextSpan } from '@/components/text/TextSpan';

const Dash = () => <TextSpan tone="secondary">—</TextSpan>;

/** Identity, names and addresses in every language, kind, place and flags of a station. */
export const StationDetailsCard = ({ station }: { station: TStation }) => {
  const { t } = useTranslation('stationInfo');
  const language = useStationLanguage();
  const catalogueTitle = useCatalogueTitle();
  const name = localized(station, 'name', language);
  const address = localized(station, 'address', language);
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const text = (value: string) => (value ? value : <Dash />);
  const tags = (items: TStation['tags']) =>
    items.length === 0 ? (
      <Dash />
    ) : (
      <Flex gap={4} wrap>
        {items.map((item) => (
          <Tag key={item.id}>{catalogueTitle(item)}</Tag>
        ))}
      </Flex>
    );

  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('fields.name'), children: name.current },
    ...name.others.map((other) => ({
      key: `name_${other.language}`,
      label: t('fields.nameOther', { language: t(`languages.${other.language}`) }),
      children: text(other.value),
    })),
    {
      key: 'identity',
      label: t('fields.identity'),
      children: <TextSpan code>{station.identity}</TextSpan>,
    },
    { key: 'pic', label: t('fields.pic'), children: text(station.pic) },
    { key: 'manufacturer', label: t('fields.manufacturer'), children: text(station.manufacturer) },
    { key: 'execution', label: t('fields.executionType'), children: t(`executionTypes.${station.execution_type}`) },
    { key: 'gas', label: t('fields.gasStation'), children: yesNo(station.is_gas_station) },
    { key: 'status', label: t('fields.status'), children: <StatusTag status={station.status} /> },
    { key: 'new', label: t('fields.isNew'), children: yesNo(station.is_new) },
    { key: 'country', label: t('fields.country'), children: station.country.name },
    { key: 'city', label: t('fields.city'), children: station.city.name },
    { key: 'address', label: t('fields.address'), children: text(address.current) },
    ...address.others.map((other) => ({
      key: `address_${other.language}`,
      label: t('fields.addressOther', { language: t(`languages.${other.language}`) }),
      children: text(other.value),
    })),
    {
      key: 'coordinates',
      label: t('fields.coordinates'),
      children: `${formatCoordinate(Number(station.latitude))}, ${formatCoordinate(Number(station.longitude))}`,
    },
    { key: 'tags', label: t('fields.tags'), children: tags(station.tags) },
    { key: 'environment', label: t('fields.infrastructure'), children: tags(station.environment) },
  ];
  return (
    <Card title={t('sections.details')}>
      <Descriptions bordered size="small" column={{ xs: 1, lg: 2 }} items={items} />
    </Card>
  );
};
