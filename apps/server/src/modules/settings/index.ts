// Each account's own settings: /api/v1/accounts/settings/.
import { defineDomain } from '../../platform/domain';
import { settingsRoutes } from './settings.routes';
import { createSettingsService } from './settings.service';
import * as settingsTables from './settings.tables';

export { accountSettings } from './settings.tables';

export const settingsDomain = defineDomain({
  name: 'settings',
  prefix: '/api/v1/accounts/settings',
  tables: settingsTables,
  services: ({ db }) => ({ settings: createSettingsService(db) }),
  routes: settingsRoutes,
});
