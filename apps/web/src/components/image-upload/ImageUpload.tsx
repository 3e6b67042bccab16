import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import ImgCrop, { type ImgCropProps } from 'antd-img-crop';
import { useTranslation } from 'react-i18next';
import {
  acceptAttribute,
  checkImageFile,
  DEFAULT_IMAGE_MAX_KB,
  imageErrorMessage,
  isSvgFile,
  PHOTO_TYPES,
  type TImageType,
} from '@/components/image-upload/checkImageFile';
import { useActionError } from '@/components/feedback/useActionError';

/** SPEC.md section 9's crop settings. */
export const CROP_SETTINGS = {
  quality: 0.4,
  fillColor: 'white',
  aspect: 1,
  minZoom: 1,
  maxZoom: 3, // antd-img-crop's zoom step is fixed at 0.1
  rotationSlider: true, // -180..180, step 1 (fixed by antd-img-crop)
  aspectSlider: true,
  minAspect: 0.5,
  maxAspect: 2, // aspect step 0.01 (fixed by antd-img-crop)
  zoomSlider: true,
  showReset: true,
} as const satisfies Omit<ImgCropProps, 'children'>;

/** An image already on the server (`id`, `url`) or just chosen (`file`, with a local preview URL). */
export type TImageItem = { uid: string; name: string; url: string; file?: File; id?: number };

export type TImageUploadProps = {
  value?: TImageItem[];
  onChange?: (items: TImageItem[]) => void;
  accept?: readonly TImageType[];
  maxKb?: number;
  /** 1 replaces the image on each choice; more adds until the count is reached (photos: 10). */
  maxCount?: number;
  /** Text of the add tile, also its accessible name. */
  label?: string;
  disabled?: boolean;
};

/** Choose, crop and rotate images for a Form.Item; the form receives TImageItem[] and sends `file`s. */
export const ImageUpload = ({
  value = [],
  onChange,
  accept = PHOTO_TYPES,
  maxKb = DEFAULT_IMAGE_MAX_KB,
  maxCount = 1,
  label,
  disabled = false,
}: TImageUploadProps) => {
  const { t } = useTranslation('kit');
  const showError = useActionError();
  const options = { accept, maxKb };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const error = checkImageFile(file, options);
    if (error) {
      showError(imageErrorMessage(error, t));
      return Upload.LIST_IGNORE;
    }
    const item: TImageItem = { uid: file.uid, name: file.name, url: URL.createObjectURL(file), file };
    onChange?.(maxCount === 1 ? [item] : [...value, item].slice(0, maxCount));
    // The list is ours (controlled); antd neither keeps nor sends the file: the form does, on save.
    return Upload.LIST_IGNORE;
  };

  const fileList: UploadFile[] = value.map((item) => ({
    uid: item.uid,
    name: item.name,
    url: item.url,
    status: 'done',
  }));

  const upload = (
    <Upload
      listType="picture-card"
      accept={acceptAttribute(accept)}
      fileList={fileList}
      beforeUpload={beforeUpload}
      disabled={disabled}
      showUploadList={{ showPreviewIcon: false }}
      onRemove={(file) => {
        const removed = value.find((item) => item.uid === file.uid);
        if (removed?.file) {
          URL.revokeObjectURL(removed.url);
        }
        onChange?.(value.filter((item) => item.uid !== file.uid));
      }}
    >
      {value.length >= maxCount && maxCount > 1 ? null : (
        <div>
          <PlusOutlined aria-hidden />
          <div style={{ marginTop: 8 }}>{label ?? t('upload.choose')}</div>
        </div>
      )}
    </Upload>
  );

  return (
    <ImgCrop
      {...CROP_SETTINGS}
      modalTitle={t('upload.cropTitle')}
      modalOk={t('upload.cropOk')}
      modalCancel={t('actions.cancel')}
      resetText={t('upload.reset')}
      // Vector icons are not cropped, and a file that will be refused is not worth cropping first.
      beforeCrop={(file) => !isSvgFile(file) && checkImageFile(file, options) === null}
    >
      {upload}
    </ImgCrop>
  );
};
