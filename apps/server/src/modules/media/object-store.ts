import { join } from 'node:path';
import type { AppConfig } from '../../config';
import type { ObjectStore } from '../../platform/storage';
import { createLocalObjectStore } from './local-object-store';
import { createS3ObjectStore } from './s3-object-store';

/** Where DATA_DIR keeps the uploads when no bucket is configured (and where backups have always put them). */
export const uploadsDirOf = (dataDir: string) => join(dataDir, 'uploads');

/** The process's one store of uploads: the bucket S3_* names, or the local folder DATA_DIR/uploads. */
export const createObjectStore = async (config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<ObjectStore> =>
  config.s3 ? createS3ObjectStore(config.s3) : createLocalObjectStore(uploadsDirOf(config.dataDir));
