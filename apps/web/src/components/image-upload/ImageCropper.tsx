import type { UploadProps } from 'antd';
import ImgCrop, { type ImgCropProps } from 'antd-img-crop';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { CROP_SETTINGS } from '@/components/image-upload/cropSettings';

/** The file antd's Upload hands to `beforeUpload` (a File with its `uid`). */
export type TChosenFile = Parameters<NonNullable<UploadProps['beforeUpload']>>[0];

/** Opens the crop modal for one file: the cropped file on OK, null on cancel. */
export type TCropFile = (file: TChosenFile) => Promise<File | null>;

type TBeforeUpload = (file: TChosenFile, fileList: TChosenFile[]) => unknown;

type TCropTargetProps = {
  /** Ours as written below; at run time ImgCrop's wrapper, which opens its modal and then calls ours. */
  beforeUpload: TBeforeUpload;
  onWrapped: (wrapped: TBeforeUpload) => void;
};

/**
 * ImgCrop only wraps the `beforeUpload` of the Upload it is given. Given this instead, the wrapper is passed up,
 * so ImageUpload's own Upload (drawn before this chunk loads) can hand a chosen file to the cropper.
 */
const CropTarget = ({ beforeUpload, onWrapped }: TCropTargetProps) => {
  useLayoutEffect(() => {
    onWrapped(beforeUpload);
  });
  return null;
};

export type TImageCropperProps = {
  title: string;
  okText: string;
  cancelText: string;
  resetText: string;
  /** Called once mounted, with the function that crops a file. */
  onReady: (crop: TCropFile) => void;
  /** Settings over docs/product/common.md#9-limits's (a fullscreen's crop is locked to 9:19.5). */
  settings?: TCropOverrides;
};

/** What a form may change of the crop: its aspect, and whether the aspect slider shows. */
export type TCropOverrides = Pick<ImgCropProps, 'aspect' | 'aspectSlider'>;

/**
 * antd-img-crop's modal with docs/product/common.md#9-limits's settings. A chunk of its own (the cropper and antd's Slider,
 * ~17 KB gzip): ImageUpload loads it when the first image to crop is chosen (issue 10's web budgets).
 */
export const ImageCropper = ({ title, okText, cancelText, resetText, onReady, settings }: TImageCropperProps) => {
  const wrapped = useRef<TBeforeUpload | null>(null);
  const cropped = useRef<File | null>(null);
  const onWrapped = useCallback((next: TBeforeUpload) => {
    wrapped.current = next;
  }, []);

  useEffect(() => {
    onReady(async (file) => {
      cropped.current = null;
      // Settles after the modal closes: on OK once ours below has received the cropped file, on cancel without it.
      await wrapped.current?.(file, [file]);
      return cropped.current;
    });
  }, [onReady]);

  return (
    <ImgCrop
      {...CROP_SETTINGS}
      {...settings}
      modalTitle={title}
      modalOk={okText}
      modalCancel={cancelText}
      resetText={resetText}
    >
      <CropTarget
        beforeUpload={(file) => {
          cropped.current = file;
          // Nothing to upload: ImageUpload puts the file in the form.
          return false;
        }}
        onWrapped={onWrapped}
      />
    </ImgCrop>
  );
};
