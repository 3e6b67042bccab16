// The home dashboard: rollups of the charges, the figures and charts of a period, the news and the timeline.
import { defineDomain } from '../../platform/domain';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService, rebuildAnalytics } from './analytics.service';
import * as analyticsTables from './analytics.tables';
import { backdateDemoNetwork } from './history.seed';
import { seedNews } from './news.seed';
import { createNewsService } from './news.service';

export { createAnalyticsService, rebuildAnalytics } from './analytics.service';
export { news } from './analytics.tables';
export { type TimelineSource, TIMELINE_SOURCES } from './timeline.sources';

export const analyticsDomain = defineDomain({
  name: 'analytics',
  prefix: '/api/v1/analytics',
  tables: analyticsTables,
  services: ({ db }) => ({ db, analytics: createAnalyticsService(db), news: createNewsService(db) }),
  routes: async (app, options) => analyticsRoutes(app, options),
  seed: {
    // After the charges' demo year: the rollups are recomputed from them, so that the dashboard equals the charges.
    demo: async ({ db }) => {
      const dated = await backdateDemoNetwork(db);
      const added = await seedNews(db);
      const hours = await rebuildAnalytics(db);
      return (
        `Analytics rebuilt from the charges (${hours} station hours); news added: ${added}; ` +
        `dated before their first charge: ${dated.stations} stations, ${dated.merchants} merchants.`
      );
    },
  },
});
