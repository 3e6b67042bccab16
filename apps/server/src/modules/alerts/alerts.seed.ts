import { ALERT_RULE_DEFAULTS, ALERT_RULES } from '@zaryad/contracts';
import type { Database } from '../../db/client';
import { alertRules } from './alerts.tables';

/** Every rule's row from its default, once: a rule already set on the settings screen keeps its settings. */
export const seedAlertRules = async (db: Database) => {
  await db
    .insert(alertRules)
    .values(
      ALERT_RULES.map((rule) => ({
        rule,
        enabled: ALERT_RULE_DEFAULTS[rule].enabled,
        severity: ALERT_RULE_DEFAULTS[rule].severity,
        thresholds: ALERT_RULE_DEFAULTS[rule].thresholds,
      })),
    )
    .onConflictDoNothing();
};
