// Connector types (reference data) and positions. Rates and stations use them; connectors import neither. The
// station form's lookup of both (with each type's default fee) is served by stations: /stations/connectors-types-positions/.
import { defineDomain } from '../../platform/domain';
import { seedConnectorTypes } from './connectors.service';
import * as connectorsTables from './connectors.tables';

export { connectorTypes } from './connectors.tables';
export { assertConnectorType, connectorTypeExists, listConnectorPositions, seedConnectorTypes } from './connectors.service';

export const connectorsDomain = defineDomain({
  name: 'connectors',
  prefix: null,
  tables: connectorsTables,
  seed: { reference: seedConnectorTypes },
});
