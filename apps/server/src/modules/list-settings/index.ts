// Each account's column settings of each list: /api/v1/accounts/settings/lists/{list}/.
import { defineDomain } from '../../platform/domain';
import { listSettingsRoutes } from './list-settings.routes';
import { createListSettingsService } from './list-settings.service';
import * as listSettingsTables from './list-settings.tables';

export const listSettingsDomain = defineDomain({
  name: 'list-settings',
  prefix: '/api/v1/accounts/settings/lists',
  tables: listSettingsTables,
  services: ({ db }) => ({ listSettings: createListSettingsService(db) }),
  routes: listSettingsRoutes,
});
