import { PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile } from 'antd';
import { type ComponentType, useCallback, useRef, useState } from 'react';
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
import type {
  TChosenFile,
  TCropFile,
  TCropOverrides,
  TImageCropperProps,
} from '@/components/image-upload/ImageCropper';
import { useActionError } from '@/components/feedback/useActionError';

export { CROP_SETTINGS } from '@/components/image-upload/cropSettings';

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
  /** Over docs/product/common.md#9-limits's crop: a fixed aspect without its slider (the fullscreen's 9:19.5). */
  crop?: TCropOverrides;
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
  crop,
}: TImageUploadProps) => {
  const { t } = useTranslation('kit');
  const showError = useActionError();
  const options = { accept, maxKb };

  // The cropper loads with the first image to crop, not with the form (issue 10's web budgets); once mounted it
  // stays, and `cropper.current.ready` settles with its crop function.
  const [Cropper, setCropper] = useState<ComponentType<TImageCropperProps> | null>(null);
  const cropper = useRef<{ crop: Promise<TCropFile>; ready: (crop: TCropFile) => void } | null>(null);
  const loadCropper = (): Promise<TCropFile> => {
    if (!cropper.current) {
      let ready: (crop: TCropFile) => void = () => undefined;
      let fail: (error: unknown) => void = () => undefined;
      const crop = new Promise<TCropFile>((resolve, reject) => {
        ready = resolve;
        fail = reject;
      });
      cropper.current = { crop, ready };
      import('@/components/image-upload/ImageCropper').then(
        (module) => {
          setCropper(() => module.ImageCropper);
        },
        (error: unknown) => {
          // A chunk that failed to load (offline, a new deployment): the next choice tries again.
          cropper.current = null;
          fail(error);
        },
      );
    }
    return cropper.current.crop;
  };
  const onCropperReady = useCallback((crop: TCropFile) => {
    cropper.current?.ready(crop);
  }, []);

  const add = (file: File, uid: string) => {
    const item: TImageItem = { uid, name: file.name, url: URL.createObjectURL(file), file };
    onChange?.(maxCount === 1 ? [item] : [...value, item].slice(0, maxCount));
  };

  const beforeUpload = async (file: TChosenFile) => {
    const error = checkImageFile(file, options);
    if (error) {
      showError(imageErrorMessage(error, t));
    } else if (isSvgFile(file)) {
      // Vector icons are not cropped.
      add(file, file.uid);
    } else {
      try {
        const cropped = await (await loadCropper())(file);
        if (cropped) {
          add(cropped, file.uid);
        }
      } catch (problem) {
        showError(problem);
      }
    }
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
    <>
      {upload}
      {Cropper ? (
        <Cropper
          title={t('upload.cropTitle')}
          okText={t('upload.cropOk')}
          cancelText={t('actions.cancel')}
          resetText={t('upload.reset')}
          onReady={onCropperReady}
          settings={crop}
        />
      ) : null}
    </>
  );
};
