import type { TConnectorPosition, TLanguage } from '@zaryad/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { FieldErrors } from '../../http/api-errors';
import { CONNECTOR_POSITION_KEYS, CONNECTOR_POSITION_LABELS } from './connector-positions.messages';
import { CONNECTOR_TYPES } from './connector-types.data';
import { connectorTypes } from './connectors.tables';

/**
 * Writes the connector types of connector-types.data.ts. Idempotent and safe when several server processes start
 * at once; a renamed type takes its new name.
 */
export const seedConnectorTypes = async (db: Database): Promise<void> => {
  await db
    .insert(connectorTypes)
    .values(CONNECTOR_TYPES.map((type, index) => ({ ...type, sortOrder: index + 1 })))
    .onConflictDoUpdate({
      target: connectorTypes.key,
      set: { name: sql`excluded.name`, current: sql`excluded.current`, sortOrder: sql`excluded.sort_order` },
    });
};

/** Whether a connector type key exists (rates and stations check the keys they store). */
export const connectorTypeExists = async (db: Pick<Database, 'select'>, key: string): Promise<boolean> => {
  const [row] = await db.select({ key: connectorTypes.key }).from(connectorTypes).where(eq(connectorTypes.key, key)).limit(1);
  return row !== undefined;
};

/** Raises 400 `{<field>: [connector_type_invalid]}` for an unknown connector type key. */
export const assertConnectorType = async (db: Pick<Database, 'select'>, key: string, field = 'typo'): Promise<void> => {
  if (!(await connectorTypeExists(db, key))) {
    throw new FieldErrors({ [field]: ['connector_type_invalid'] });
  }
};

export const listConnectorPositions = (language: TLanguage): TConnectorPosition[] =>
  CONNECTOR_POSITION_KEYS.map((key) => ({ key, label: CONNECTOR_POSITION_LABELS[language][key - 1] ?? String(key) }));
