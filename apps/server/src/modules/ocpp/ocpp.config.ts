/**
 * The central system's settings, from the environment (README.md): read when the app mounts the domain.
 * - OCPP_HEARTBEAT_INTERVAL: seconds handed to a charge point in BootNotification.conf (300).
 * - OCPP_CALL_TIMEOUT_MS: how long a command waits for the charge point's answer (30000).
 * - OCPP_MIN_BALANCE: the balance, in som, a driver's must be above for Authorize to answer Accepted (0).
 * - OCPP_RATE_LIMIT: calls one connection may make per 10 seconds before it is closed (200).
 * - OCPP_FORCE_FINISH_AFTER_S: seconds a charge point must have been silent before an operator may close its running
 *   charges without it (600).
 * - OCPP_STALE_CHARGE_S: seconds without a meter value after which the server closes a running charge itself (7200).
 * - OCPP_STATUS_ON_CONNECT: `off` keeps the central system from asking for every connector's status
 *   (TriggerMessage StatusNotification) after a charge point boots or reconnects (on).
 * - OCPP_BOOTS_PER_SECOND: BootNotifications accepted per second; past it a charge point is answered Pending with the
 *   interval of the slot kept for it, so that a whole network reconnecting after a restart boots spread out (250:
 *   10,000 charge points in 40 s at the least; one process on 2 cores beside the load generator booted them in 54–78
 *   s, its own pace past about 190 a second; docs/benchmarks.md, section 7).
 */
export interface OcppConfig {
  heartbeatIntervalS: number;
  callTimeoutMs: number;
  minBalanceTyiyn: bigint;
  callsPer10s: number;
  forceFinishAfterS: number;
  staleChargeS: number;
  statusOnConnect: boolean;
  bootsPerSecond: number;
}

const integerFrom = (value: string | undefined, fallback: number, min: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
};

const tyiynFrom = (value: string | undefined) => {
  const match = /^(-?\d{1,10})(?:\.(\d{1,2}))?$/.exec(value?.trim() ?? '');
  if (!match) {
    return 0n;
  }
  const [, whole = '0', fraction = ''] = match;
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0')));
};

export const readOcppConfig = (env: NodeJS.ProcessEnv = process.env): OcppConfig => ({
  heartbeatIntervalS: integerFrom(env.OCPP_HEARTBEAT_INTERVAL, 300, 1),
  callTimeoutMs: integerFrom(env.OCPP_CALL_TIMEOUT_MS, 30_000, 50),
  minBalanceTyiyn: tyiynFrom(env.OCPP_MIN_BALANCE),
  callsPer10s: integerFrom(env.OCPP_RATE_LIMIT, 200, 1),
  forceFinishAfterS: integerFrom(env.OCPP_FORCE_FINISH_AFTER_S, 600, 0),
  staleChargeS: integerFrom(env.OCPP_STALE_CHARGE_S, 7200, 60),
  statusOnConnect: !['off', 'false', '0'].includes((env.OCPP_STATUS_ON_CONNECT ?? '').trim().toLowerCase()),
  bootsPerSecond: integerFrom(env.OCPP_BOOTS_PER_SECOND, 250, 1),
});
