// Uploaded files: the storage interfaces (local disk under DATA_DIR/uploads, private ones under uploads/private) and
// the SVG sanitizer.
import { defineDomain } from '../../platform/domain';

export { createLocalFileStorage, createPrivateFileStorage, MEDIA_URL_PREFIX, PRIVATE_UPLOADS_FOLDER } from './file-storage';
export type { FileStorage, PrivateFileStorage } from '../../platform/storage';
export { sanitizeSvg, type TSvgResult } from './svg-sanitizer';

export const mediaDomain = defineDomain({ name: 'media', prefix: null });
