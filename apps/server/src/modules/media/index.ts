// Uploaded files: the storage interface (local disk under DATA_DIR/uploads) and the SVG sanitizer.
import { defineDomain } from '../../platform/domain';

export { createLocalFileStorage, MEDIA_URL_PREFIX } from './file-storage';
export type { FileStorage } from '../../platform/storage';
export { sanitizeSvg, type TSvgResult } from './svg-sanitizer';

export const mediaDomain = defineDomain({ name: 'media', prefix: null });
