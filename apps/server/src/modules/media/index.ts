// Uploaded files: the object stores (the local folder DATA_DIR/uploads, or an S3-compatible bucket), the domains'
// file storages over them (public ones served under /media/, private ones under the `private/` keys), and the SVG
// sanitizer.
import { defineDomain } from '../../platform/domain';

export {
  createFileStorage,
  createLocalFileStorage,
  createPrivateFileStorage,
  MEDIA_URL_PREFIX,
  PRIVATE_UPLOADS_FOLDER,
} from './file-storage';
export { createLocalObjectStore } from './local-object-store';
export { contentTypeOf, isValidKey } from './object-keys';
export { createObjectStore, uploadsDirOf } from './object-store';
export { createS3ObjectStore, type S3StoreOptions } from './s3-object-store';
export type { FileStorage, ObjectStore, PrivateFileStorage } from '../../platform/storage';
export { sanitizeSvg, type TSvgResult } from './svg-sanitizer';

export const mediaDomain = defineDomain({ name: 'media', prefix: null });
