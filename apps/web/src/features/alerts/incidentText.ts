import type { TAlertSeverity, TIncidentStatus } from '@zaryad/contracts';
import type { TIncident } from '@zaryad/contracts/alerts-schemas';
import type { TFunction } from 'i18next';

/** The colour of each severity's and status's tag. */
export const SEVERITY_COLORS: Record<TAlertSeverity, string> = { critical: 'red', warning: 'orange', info: 'blue' };
export const STATUS_COLORS: Record<TIncidentStatus, string> = {
  open: 'volcano',
  acknowledged: 'gold',
  resolved: 'green',
};

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * What the rule saw, in a line: the connector and its OCPP error (with the vendor's code), the minutes, the boots, the
 * share, the reason a charge failed (docs/product/alerts.md, section 3).
 */
export const incidentSummary = (
  t: TFunction<'alerts'>,
  incident: Pick<TIncident, 'rule' | 'details' | 'connector_id' | 'charge_id'>,
) => {
  const details = incident.details;
  const parts: string[] = [];
  if (incident.connector_id !== null) {
    parts.push(t('details.connector', { connector: incident.connector_id }));
  }
  if (incident.charge_id !== null) {
    parts.push(t('details.charge', { charge: incident.charge_id }));
  }
  switch (incident.rule) {
    case 'connector_faulted': {
      parts.push(`${text(details.status)}: ${t('details.errorCode', { code: text(details.error_code) })}`);
      if (details.info) {
        parts.push(text(details.info));
      }
      if (details.vendor_error_code) {
        parts.push(t('details.vendor', { code: text(details.vendor_error_code) }));
      }
      break;
    }
    case 'station_offline':
    case 'charge_no_meter_values':
    case 'charge_no_energy':
      parts.push(t('details.minutes', { minutes: text(details.minutes) }));
      break;
    case 'station_reboots':
      parts.push(t('details.boots', { boots: text(details.boots) }));
      break;
    case 'failed_charge_share':
      parts.push(
        t('details.share', {
          failed: text(details.failed),
          charges: text(details.charges),
          percent: text(details.percent),
        }),
      );
      break;
    case 'charge_failed': {
      const reason = text(details.reason);
      if (reason === 'start_refused') {
        parts.push(t('details.start_refused', { tag: text(details.id_tag) }));
      } else if (reason === 'remote_start_rejected' || reason === 'ended_failed') {
        parts.push(t(`details.${reason}`));
      }
      if (details.charge_id) {
        parts.push(t('details.charge', { charge: text(details.charge_id) }));
      }
      break;
    }
    case 'ledger_mismatch':
      parts.push(t('details.users', { users: text(details.users) }));
      break;
    default:
      break;
  }
  return parts.join(' · ');
};

/** A station's screen. */
export const stationPath = (merchantId: number, stationId: number) =>
  `/merchant/${merchantId}/station-info/${stationId}`;
/** A charge on the charges list. */
export const chargePath = (chargeId: number) => `/chargers-list?search_by_id=${chargeId}`;
/** An app user's screen. */
export const userPath = (userId: number) => `/user/${userId}`;
