import { expect, test } from 'vitest';
import {
  acceptAttribute,
  checkImageFile,
  ICON_TYPES,
  imageErrorMessage,
  PHOTO_MAX_KB,
  PHOTO_TYPES,
} from '@/components/image-upload/checkImageFile';
import { createKitI18n } from '@/components/test-i18n';

const fileFacts = (name: string, type: string, kb: number) => ({ name, type, size: Math.round(kb * 1024) });
const photos = { accept: PHOTO_TYPES, maxKb: PHOTO_MAX_KB };
const icons = { accept: ICON_TYPES, maxKb: 256 };

test('station photos: png, jpeg, jpg up to 2000 KB', () => {
  expect(checkImageFile(fileFacts('a.png', 'image/png', 2000), photos)).toBeNull();
  expect(checkImageFile(fileFacts('a.JPG', 'image/jpeg', 10), photos)).toBeNull();
  expect(checkImageFile(fileFacts('a.png', 'image/png', 2000.5), photos)).toEqual({ code: 'size', maxKb: 2000 });
  expect(checkImageFile(fileFacts('a.gif', 'image/gif', 10), photos)).toEqual({ code: 'type', accept: PHOTO_TYPES });
  expect(checkImageFile(fileFacts('a.pdf', 'application/pdf', 10), photos)).toEqual({ code: 'not_image' });
  expect(checkImageFile(fileFacts('empty.png', 'image/png', 0), photos)).toEqual({ code: 'not_image' });
});

test('infrastructure icon: svg up to 256 KB; a file without MIME type is judged by its extension', () => {
  expect(checkImageFile(fileFacts('wifi.svg', 'image/svg+xml', 256), icons)).toBeNull();
  expect(checkImageFile(fileFacts('wifi.svg', '', 3), icons)).toBeNull();
  expect(checkImageFile(fileFacts('wifi.png', 'image/png', 3), icons)).toEqual({ code: 'type', accept: ICON_TYPES });
  expect(checkImageFile(fileFacts('wifi.svg', 'image/svg+xml', 257), icons)).toEqual({ code: 'size', maxKb: 256 });
});

test("the spec's messages, in English and Russian", () => {
  const en = createKitI18n('en').getFixedT('en', 'kit');
  expect(imageErrorMessage({ code: 'size', maxKb: 2000 }, en)).toBe('Image must be 2MB or smaller');
  expect(imageErrorMessage({ code: 'size', maxKb: 256 }, en)).toBe('Image must be 256KB or smaller');
  expect(imageErrorMessage({ code: 'not_image' }, en)).toBe('The cropper needs an image');
  expect(imageErrorMessage({ code: 'type', accept: PHOTO_TYPES }, en)).toBe('Allowed file types: PNG, JPEG, JPG');
  const ru = createKitI18n('ru').getFixedT('ru', 'kit');
  expect(imageErrorMessage({ code: 'size', maxKb: 2000 }, ru)).toBe('Размер изображения должен быть не больше 2 МБ');
});

test('the file input offers the accepted extensions', () => {
  expect(acceptAttribute(PHOTO_TYPES)).toBe('.png,.jpeg,.jpg');
});
