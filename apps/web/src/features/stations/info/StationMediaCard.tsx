import type { TStation } from '@zaryad/contracts';
import { Card, Empty, Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';

const THUMB = 128;

/** The avatar, photos with a shared preview (browse them all from any one), and videos. */
export const StationMediaCard = ({ station }: { station: TStation }) => {
  const { t } = useTranslation('stationInfo');
  const photos = station.media_files.filter((file) => file.content === 'image');
  const videos = station.media_files.filter((file) => file.content === 'video');
  const hasMedia = station.avatar !== null || station.media_files.length > 0;
  return (
    <Card title={t('sections.media')}>
      {!hasMedia && <Empty description={t('noMedia')} />}
      <Flex gap={16} wrap align="flex-start">
        {station.avatar && (
          <Flex vertical gap={4}>
            <TextSpan tone="secondary">{t('avatar')}</TextSpan>
            <Image src={station.avatar} width={THUMB} height={THUMB} style={{ objectFit: 'cover' }} alt={t('avatar')} />
          </Flex>
        )}
        <Image.PreviewGroup>
          <Flex gap={8} wrap data-testid="station-photos">
            {photos.map((photo, index) => (
              <Image
                key={photo.id}
                src={photo.content_path}
                width={THUMB}
                height={THUMB}
                style={{ objectFit: 'cover' }}
                alt={`${index + 1}`}
              />
            ))}
          </Flex>
        </Image.PreviewGroup>
        {videos.map((video) => (
          <video key={video.id} src={video.content_path} controls preload="metadata" width={320} />
        ))}
      </Flex>
    </Card>
  );
};
