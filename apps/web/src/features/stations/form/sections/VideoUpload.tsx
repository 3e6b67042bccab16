import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile } from 'antd';
import { STATION_LIMITS } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import type { TVideoItem } from '@/features/stations/form/formValues';

export type TVideoUploadProps = {
  value?: TVideoItem[];
  onChange?: (items: TVideoItem[]) => void;
  /** How many more files the station may take (photos and videos share the limit of 10). */
  room: number;
  id?: string;
};

const isMp4 = (file: File) =>
  file.type === 'video/mp4' || (file.type === '' && file.name.toLowerCase().endsWith('.mp4'));

/** MP4 videos up to 100 MB, kept as chosen: only photos are cropped (docs/product/stations.md#2-screens). */
export const VideoUpload = ({ value = [], onChange, room, id }: TVideoUploadProps) => {
  const { t } = useTranslation('stationForm');
  const { message } = App.useApp();
  const fileList: UploadFile[] = value.map((item) => ({
    uid: item.uid,
    name: item.name,
    url: item.url,
    status: 'done',
  }));
  return (
    <div id={id}>
      <Upload
        accept=".mp4,video/mp4"
        fileList={fileList}
        beforeUpload={(file) => {
          if (!isMp4(file)) {
            void message.error(t('video.wrongType'));
          } else if (file.size > STATION_LIMITS.videoMaxBytes) {
            void message.error(t('video.tooBig'));
          } else {
            onChange?.([...value, { uid: file.uid, name: file.name, url: URL.createObjectURL(file), file }]);
          }
          // The list is ours (controlled); the form sends the file on save.
          return Upload.LIST_IGNORE;
        }}
        onRemove={(file) => {
          onChange?.(value.filter((item) => item.uid !== file.uid));
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} disabled={room <= 0}>
          {t('actions.addVideo')}
        </Button>
      </Upload>
    </div>
  );
};
