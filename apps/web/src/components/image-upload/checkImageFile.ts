import type { TFunction } from 'i18next';

/** docs/product/common.md sections 5 and 9: image types the uploads accept and their size limits. */
export type TImageType = 'png' | 'jpeg' | 'jpg' | 'svg' | 'webp';

export const PHOTO_TYPES: TImageType[] = ['png', 'jpeg', 'jpg'];
export const ICON_TYPES: TImageType[] = ['svg'];
/** Station photos. */
export const PHOTO_MAX_KB = 2000;
/** Every other upload, the infrastructure icon included. */
export const DEFAULT_IMAGE_MAX_KB = 256;

const MIME_TYPES: Record<TImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

export type TImageCheckOptions = { accept: readonly TImageType[]; maxKb: number };
export type TImageFileError =
  { code: 'not_image' } | { code: 'type'; accept: readonly TImageType[] } | { code: 'size'; maxKb: number };

type TFileFacts = Pick<File, 'name' | 'type' | 'size'>;

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
const isKnownImageExtension = (extension: string): extension is TImageType => extension in MIME_TYPES;

/** Some systems give files no MIME type; the extension decides then. */
const mimeOf = (file: TFileFacts): string => {
  if (file.type !== '') {
    return file.type;
  }
  const extension = extensionOf(file.name);
  return isKnownImageExtension(extension) ? MIME_TYPES[extension] : '';
};

/** Why a chosen file cannot be uploaded, or null when it can. */
export const checkImageFile = (file: TFileFacts, { accept, maxKb }: TImageCheckOptions): TImageFileError | null => {
  const mime = mimeOf(file);
  if (!mime.startsWith('image/') || file.size === 0) {
    return { code: 'not_image' };
  }
  if (!accept.some((type) => MIME_TYPES[type] === mime)) {
    return { code: 'type', accept };
  }
  if (file.size > maxKb * 1024) {
    return { code: 'size', maxKb };
  }
  return null;
};

export const isSvgFile = (file: TFileFacts) => mimeOf(file) === MIME_TYPES.svg;

/** The `accept` attribute of the file input: ".png,.jpeg,.jpg". */
export const acceptAttribute = (accept: readonly TImageType[]) => accept.map((type) => `.${type}`).join(',');

type TTranslate = TFunction<'kit'>;

/** 2000 -> "2MB", 256 -> "256KB", as the spec's messages read. */
const formatLimit = (maxKb: number, t: TTranslate) =>
  maxKb % 1000 === 0 ? t('upload.sizeMb', { value: maxKb / 1000 }) : t('upload.sizeKb', { value: maxKb });

export const imageErrorMessage = (error: TImageFileError, t: TTranslate): string => {
  switch (error.code) {
    case 'not_image':
      return t('upload.noImage');
    case 'type':
      return t('upload.wrongType', { types: error.accept.map((type) => type.toUpperCase()).join(', ') });
    case 'size':
      return t('upload.tooBig', { limit: formatLimit(error.maxKb, t) });
  }
};
