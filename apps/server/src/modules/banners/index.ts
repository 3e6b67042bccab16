// Banners and fullscreens of the drivers' app: /api/v1/ads/banners/, with the job that archives ended items.
import { defineDomain } from '../../platform/domain';
import { scheduleJob } from '../../platform/scheduler';
import { bannersRoutes } from './banners.routes';
import { seedBanners } from './banners.seed';
import { archiveJob, createBannersService } from './banners.service';
import * as bannersTables from './banners.tables';

export { banners, bannerStations } from './banners.tables';
export { archiveEndedBanners } from './banners.service';

/** Where its images go under DATA_DIR/uploads. */
const UPLOADS_FOLDER = 'banners';

export const bannersDomain = defineDomain({
  name: 'banners',
  prefix: '/api/v1/ads/banners',
  tables: bannersTables,
  services: ({ db, storage }) => ({ db, banners: createBannersService(db, storage(UPLOADS_FOLDER)) }),
  plugins: async (app, { db }) => {
    scheduleJob(app, db, archiveJob);
  },
  routes: async (app, { banners }) => bannersRoutes(app, { banners }),
  seed: {
    demo: async ({ db, storage }) =>
      `Banners and fullscreens added: ${await seedBanners(db, storage(UPLOADS_FOLDER))}.`,
  },
});
