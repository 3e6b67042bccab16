/**
 * The simulated charge point's Smart Charging profile (OCPP 1.6 section 3.13; docs/product/ocpp.md): the charging
 * profiles it was sent, kept as a charge point keeps them, and the composite schedule they make for a connector: at
 * each moment the ChargePointMaxProfile's limit and the TxProfile's (else the TxDefaultProfile's), each the highest
 * stack level in force, the lower of the two winning.
 */

export type TChargingRateUnit = 'A' | 'W';

export interface ChargingSchedulePeriod {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

export interface ChargingProfile {
  chargingProfileId: number;
  transactionId?: number;
  stackLevel: number;
  chargingProfilePurpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
  chargingProfileKind: 'Absolute' | 'Recurring' | 'Relative';
  recurrencyKind?: 'Daily' | 'Weekly';
  validFrom?: string;
  validTo?: string;
  chargingSchedule: {
    duration?: number;
    startSchedule?: string;
    chargingRateUnit: TChargingRateUnit;
    chargingSchedulePeriod: ChargingSchedulePeriod[];
    minChargingRate?: number;
  };
}

export interface InstalledProfile {
  /** 0: the whole charge point. */
  connectorId: number;
  profile: ChargingProfile;
  /** When it was installed: a Relative profile outside a transaction counts from here. */
  installedAt: number;
}

/** Volts per phase the simulator converts amperes with, and the phases when a period does not say. */
const VOLTS = 230;
const PHASES = 3;

const toUnit = (limit: number, from: TChargingRateUnit, to: TChargingRateUnit, phases = PHASES) => {
  if (from === to) {
    return limit;
  }
  return to === 'W' ? limit * VOLTS * phases : limit / (VOLTS * phases);
};

/**
 * A limit the 1.6 schemas take: they ask for a multiple of 0.1, which their validator checks by a floating-point
 * division (16.3 / 0.1 is not whole there), so a tenth that does not pass is dropped, never rounded up.
 */
export const schemaLimit = (limit: number) => {
  const tenths = Math.floor(limit * 10 + 1e-9) / 10;
  return (tenths / 0.1) % 1 === 0 ? tenths : Math.floor(tenths);
};

const RECURRENCE_MS = { Daily: 86_400_000, Weekly: 7 * 86_400_000 } as const;

/** Where the profile's schedule starts for the moment `at`: null when it is not in force then. */
const scheduleStart = (installed: InstalledProfile, at: number, transactionStartedAt: number | null) => {
  const { profile } = installed;
  if (profile.validFrom && Date.parse(profile.validFrom) > at) {
    return null;
  }
  if (profile.validTo && Date.parse(profile.validTo) <= at) {
    return null;
  }
  const given = profile.chargingSchedule.startSchedule ? Date.parse(profile.chargingSchedule.startSchedule) : null;
  if (profile.chargingProfileKind === 'Relative') {
    return transactionStartedAt ?? installed.installedAt;
  }
  if (profile.chargingProfileKind === 'Recurring') {
    const every = RECURRENCE_MS[profile.recurrencyKind ?? 'Daily'];
    const first = given ?? installed.installedAt;
    return at < first ? null : first + Math.floor((at - first) / every) * every;
  }
  return given ?? installed.installedAt;
};

/** The profile's period in force at `at`, as [limit in `unit`] or null. */
const limitAt = (
  installed: InstalledProfile,
  at: number,
  unit: TChargingRateUnit,
  transactionStartedAt: number | null,
) => {
  const start = scheduleStart(installed, at, transactionStartedAt);
  if (start === null || at < start) {
    return null;
  }
  const { chargingSchedule } = installed.profile;
  const offsetS = (at - start) / 1000;
  if (chargingSchedule.duration !== undefined && offsetS >= chargingSchedule.duration) {
    return null;
  }
  let current: ChargingSchedulePeriod | null = null;
  for (const period of chargingSchedule.chargingSchedulePeriod) {
    if (period.startPeriod <= offsetS && (current === null || period.startPeriod >= current.startPeriod)) {
      current = period;
    }
  }
  return current ? toUnit(current.limit, chargingSchedule.chargingRateUnit, unit, current.numberPhases) : null;
};

/** The highest stack level of one purpose in force at `at` for the connector, and its limit. */
const purposeLimit = (
  installed: InstalledProfile[],
  purpose: ChargingProfile['chargingProfilePurpose'],
  connectorId: number,
  at: number,
  unit: TChargingRateUnit,
  transaction: { id: number; startedAt: number } | null,
) => {
  const candidates = installed
    .filter(
      (entry) =>
        entry.profile.chargingProfilePurpose === purpose &&
        (entry.connectorId === connectorId || entry.connectorId === 0) &&
        (purpose !== 'TxProfile' ||
          (transaction !== null &&
            (entry.profile.transactionId === undefined || entry.profile.transactionId === transaction.id))),
    )
    .sort((a, b) => b.profile.stackLevel - a.profile.stackLevel || b.connectorId - a.connectorId);
  for (const entry of candidates) {
    const limit = limitAt(entry, at, unit, transaction?.startedAt ?? null);
    if (limit !== null) {
      return limit;
    }
  }
  return null;
};

/** The connector's limit in `unit` at `at`; null when no profile limits it. */
export const compositeLimitAt = (
  installed: InstalledProfile[],
  connectorId: number,
  at: number,
  unit: TChargingRateUnit,
  transaction: { id: number; startedAt: number } | null,
) => {
  const max = purposeLimit(installed, 'ChargePointMaxProfile', 0, at, unit, transaction);
  const tx =
    purposeLimit(installed, 'TxProfile', connectorId, at, unit, transaction) ??
    purposeLimit(installed, 'TxDefaultProfile', connectorId, at, unit, transaction);
  const limits = [max, tx].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
};

/**
 * GetCompositeSchedule.conf's schedule for the connector over the next `durationS` seconds: the moments where any
 * profile's period may change, the composite limit at each, equal neighbours merged. Null when nothing limits it.
 */
export const compositeSchedule = (
  installed: InstalledProfile[],
  connectorId: number,
  durationS: number,
  unit: TChargingRateUnit,
  transaction: { id: number; startedAt: number } | null,
  now = Date.now(),
) => {
  const end = now + durationS * 1000;
  const moments = new Set<number>([now]);
  for (const entry of installed) {
    const { chargingSchedule, validFrom, validTo } = entry.profile;
    for (const edge of [validFrom, validTo]) {
      const at = edge ? Date.parse(edge) : NaN;
      if (at > now && at < end) {
        moments.add(at);
      }
    }
    // Each start of the schedule within the window (a recurring one restarts every day or week).
    let probe = now;
    for (let occurrence = 0; occurrence < 16 && probe < end; occurrence += 1) {
      const start = scheduleStart(entry, probe, transaction?.startedAt ?? null);
      const every =
        entry.profile.chargingProfileKind === 'Recurring' ? RECURRENCE_MS[entry.profile.recurrencyKind ?? 'Daily'] : 0;
      if (start !== null) {
        for (const period of chargingSchedule.chargingSchedulePeriod) {
          const at = start + period.startPeriod * 1000;
          if (at > now && at < end) {
            moments.add(at);
          }
        }
        if (chargingSchedule.duration !== undefined) {
          const at = start + chargingSchedule.duration * 1000;
          if (at > now && at < end) {
            moments.add(at);
          }
        }
      }
      if (every === 0) {
        break;
      }
      probe = (start ?? probe) + every;
      if (probe > now && probe < end) {
        moments.add(probe);
      }
    }
  }
  const periods: ChargingSchedulePeriod[] = [];
  for (const at of [...moments].sort((a, b) => a - b)) {
    const limit = compositeLimitAt(installed, connectorId, at, unit, transaction);
    if (limit === null) {
      continue;
    }
    const rounded = schemaLimit(limit);
    if (periods.at(-1)?.limit !== rounded) {
      periods.push({ startPeriod: Math.round((at - now) / 1000), limit: rounded });
    }
  }
  if (periods.length === 0) {
    return null;
  }
  return {
    duration: durationS,
    startSchedule: new Date(now).toISOString(),
    chargingRateUnit: unit,
    chargingSchedulePeriod: periods,
  };
};

/**
 * Installs a profile as SetChargingProfile.req asks: one with the same id, or the same purpose, stack level and
 * connector, is replaced. Answers the charge point's status.
 */
export const installProfile = (
  installed: InstalledProfile[],
  connectorId: number,
  profile: ChargingProfile,
  hasTransaction: boolean,
): 'Accepted' | 'Rejected' => {
  if (profile.chargingProfilePurpose === 'TxProfile' && (connectorId === 0 || !hasTransaction)) {
    return 'Rejected';
  }
  if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && connectorId !== 0) {
    return 'Rejected';
  }
  const kept = installed.filter(
    (entry) =>
      entry.profile.chargingProfileId !== profile.chargingProfileId &&
      !(
        entry.connectorId === connectorId &&
        entry.profile.stackLevel === profile.stackLevel &&
        entry.profile.chargingProfilePurpose === profile.chargingProfilePurpose
      ),
  );
  installed.splice(0, installed.length, ...kept, { connectorId, profile, installedAt: Date.now() });
  return 'Accepted';
};

/** ClearChargingProfile.req: removes the profiles matching every criterion given. Answers Accepted or Unknown. */
export const clearProfiles = (
  installed: InstalledProfile[],
  criteria: { id?: number; connectorId?: number; chargingProfilePurpose?: string; stackLevel?: number },
): 'Accepted' | 'Unknown' => {
  const matches = (entry: InstalledProfile) =>
    criteria.id !== undefined
      ? entry.profile.chargingProfileId === criteria.id
      : (criteria.connectorId === undefined || entry.connectorId === criteria.connectorId) &&
        (criteria.chargingProfilePurpose === undefined ||
          entry.profile.chargingProfilePurpose === criteria.chargingProfilePurpose) &&
        (criteria.stackLevel === undefined || entry.profile.stackLevel === criteria.stackLevel);
  const kept = installed.filter((entry) => !matches(entry));
  if (kept.length === installed.length) {
    return 'Unknown';
  }
  installed.splice(0, installed.length, ...kept);
  return 'Accepted';
};

/** The power a session may draw under the profiles now: its own power, or the composite limit when lower. */
export const limitedPowerW = (
  installed: InstalledProfile[],
  connectorId: number,
  powerW: number,
  transaction: { id: number; startedAt: number } | null,
) => {
  const limit = compositeLimitAt(installed, connectorId, Date.now(), 'W', transaction);
  return limit === null ? powerW : Math.max(0, Math.min(powerW, Math.round(limit)));
};
