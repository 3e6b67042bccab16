/**
 * The network's RFID cards kept in the charge points that support a local authorization list (OCPP 1.6 Local Auth
 * List Management; docs/product/ocpp.md#4-states-and-rules), so that they authorise drivers while offline.
 *
 * The list and its version are the database's (ocpp.local-list.tables.ts, kept by src/db/routines/local-auth-list.sql).
 * Here: after a charge point's BootNotification is accepted, GetLocalListVersion, then a Full SendLocalList when its
 * version is not the network's; when a card changes (a NOTIFY from the routine, and a poll in case one was missed), a
 * Differential SendLocalList to each charge point this process holds that is behind. Each SendLocalList goes through
 * the central system's command path, so it is in the command log (account: none); the GetLocalListVersion asked at
 * each boot is not (most boots change nothing, and a charge point without the profile would log a failure at each).
 */
import { LOCAL_LIST_MAX_ENTRIES, type TLocalListState } from '@zaryad/contracts/ocpp-auth';
import { and, asc, count, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ChargePointCommand, CommandOutcome } from '../../platform/charge-points';
import type { OcppBus } from './ocpp.bus';
import { SAMPLE_COMMIT } from './ocpp.history';
import { createStationQueue } from './ocpp.station-queue';
import { chargePointLocalLists, localAuthList, localAuthListVersion } from './ocpp.local-list.tables';

type TCardStatus = 'Accepted' | 'Blocked';

export interface LocalListEntry {
  idTag: string;
  /** Absent in a Differential update: the card is removed. */
  idTagInfo?: { status: TCardStatus };
}

interface LocalListSnapshot {
  version: number;
  entries: LocalListEntry[];
  /** More entries than one SendLocalList carries (LOCAL_LIST_MAX_ENTRIES). */
  truncated: boolean;
}

/** The version before any card: a charge point whose list is empty (0) is behind it. */
const FIRST_VERSION = 1;
/** Charge points synchronised at once by one process: a restart's thousands of boots are worked off a few at a time. */
const CONCURRENT_SYNCS = 4;
/** A charge point that did not take an update is tried again after this long. */
const RETRY_AFTER_MS = 60_000;
/** A charge point that connected without booting (a reconnect) is checked this long after, unless it booted. */
const CONNECT_CHECK_AFTER_MS = 5_000;
/**
 * Full lists sent at most this often by one process: after a network-wide restart, thousands of boots would otherwise
 * each cost a long message at once, beside the boots themselves.
 */
const FULL_LIST_SPACING_MS = 50;
/** A SendLocalList of more entries is kept in the command log as its version, type and number of entries. */
const LOGGED_ENTRIES = 50;
/** How often the list version is read, in case a NOTIFY was missed (the embedded database sends none). */
const DEFAULT_POLL_MS = 2_000;
/** The OCPP errors of a charge point that does not implement the profile. */
const UNSUPPORTED_ERRORS = new Set(['NotImplemented', 'NotSupported']);

/** The network's list version. */
export const networkListVersion = async (db: Database) => {
  const [row] = await db.select({ version: localAuthListVersion.version }).from(localAuthListVersion);
  return row?.version ?? FIRST_VERSION;
};

/**
 * The network's version and, read in the same snapshot, the cards to send: every listed card (`since` null, a Full
 * update) or those changed after `since` (a Differential update, removed cards without idTagInfo).
 */
export const readLocalList = (db: Database, since: number | null): Promise<LocalListSnapshot> =>
  db.transaction(
    async (tx) => {
      const [row] = await tx.select({ version: localAuthListVersion.version }).from(localAuthListVersion);
      const rows = await tx
        .select({ idTag: localAuthList.idTag, status: localAuthList.status })
        .from(localAuthList)
        .where(since === null ? isNotNull(localAuthList.status) : gt(localAuthList.version, since))
        .orderBy(asc(localAuthList.idTag))
        .limit(LOCAL_LIST_MAX_ENTRIES + 1);
      return {
        version: row?.version ?? FIRST_VERSION,
        entries: rows
          .slice(0, LOCAL_LIST_MAX_ENTRIES)
          .map(({ idTag, status }) =>
            status === null ? { idTag } : { idTag, idTagInfo: { status: status as TCardStatus } },
          ),
        truncated: rows.length > LOCAL_LIST_MAX_ENTRIES,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

/** GET /ocpp/stations/{id}/local-list/: the charge point's last known version beside the network's. */
export const localListState = async (db: Database, stationId: number): Promise<TLocalListState> => {
  const [state] = await db.select().from(chargePointLocalLists).where(eq(chargePointLocalLists.stationId, stationId));
  const network = await networkListVersion(db);
  const [entries] = await db.select({ total: count() }).from(localAuthList).where(isNotNull(localAuthList.status));
  const version = state?.version ?? null;
  return {
    station_id: stationId,
    supported: state?.supported ?? null,
    version,
    network_version: network,
    in_sync: version === network,
    checked_at: state?.checkedAt?.toISOString() ?? null,
    entries: Number(entries?.total ?? 0),
  };
};

type TStateRow = typeof chargePointLocalLists.$inferSelect;
type TStateValues = Pick<TStateRow, 'supported' | 'version' | 'fromNetwork'>;

const stateRowOf = async (db: Database, stationId: number): Promise<TStateRow | undefined> =>
  (await db.select().from(chargePointLocalLists).where(eq(chargePointLocalLists.stationId, stationId)))[0];

const recordState = (db: Database, stationId: number, values: TStateValues) =>
  db
    .insert(chargePointLocalLists)
    .values({ stationId, ...values, checkedAt: new Date() })
    .onConflictDoUpdate({ target: chargePointLocalLists.stationId, set: { ...values, checkedAt: new Date() } });

/**
 * An operator sent the network's Full list (POST /ocpp/stations/{id}/local-list/send-full/) and the charge point accepted
 * it: its list is the network's at that version, kept up to date by the differential updates as the server's own.
 */
export const recordNetworkListAccepted = (db: Database, stationId: number, version: number) =>
  recordState(db, stationId, { supported: true, version, fromNetwork: true });

/** The log entry of a SendLocalList too long to keep whole: its version, type and number of entries. */
export const loggedListOf = (payload: {
  listVersion: number;
  updateType: string;
  localAuthorizationList: unknown[];
}) =>
  payload.localAuthorizationList.length > LOGGED_ENTRIES
    ? {
        logged: {
          listVersion: payload.listVersion,
          updateType: payload.updateType,
          entries: payload.localAuthorizationList.length,
        },
      }
    : {};

const NO_LIST: TStateValues = { supported: false, version: null, fromNetwork: false };

/**
 * What an answer says of the charge point's list, given what was known of it: its version and whether that list is the
 * network's, that it keeps none, or nothing (no answer).
 */
const readAnswer = (
  command: ChargePointCommand,
  outcome: CommandOutcome,
  known: TStateRow | undefined,
): TStateValues | null => {
  const response = (outcome.response ?? {}) as { listVersion?: unknown; status?: unknown; error?: unknown };
  if (outcome.status === 'failed') {
    return typeof response.error === 'string' && UNSUPPORTED_ERRORS.has(response.error) ? NO_LIST : null;
  }
  if (outcome.status !== 'accepted' && outcome.status !== 'rejected') {
    return null;
  }
  if (command.action === 'GetLocalListVersion') {
    const version = response.listVersion;
    if (typeof version !== 'number' || !Number.isInteger(version)) {
      return null;
    }
    // -1: the charge point keeps no local list (OCPP 1.6 GetLocalListVersion.conf). A version other than the one we
    // gave it is a list we do not know.
    return version < 0
      ? NO_LIST
      : { supported: true, version, fromNetwork: Boolean(known?.fromNetwork) && known?.version === version };
  }
  if (response.status === 'Accepted') {
    const version = Number(command.payload.listVersion);
    // Ours when the server sent it; an operator's list is kept until the charge point's next boot.
    return { supported: true, version, fromNetwork: command.accountId === null };
  }
  if (response.status === 'NotSupported') {
    return NO_LIST;
  }
  // Failed or VersionMismatch: its list is in an unknown state until its next boot.
  return { supported: true, version: null, fromNetwork: false };
};

/**
 * Records what a GetLocalListVersion or SendLocalList answer says of the charge point's list, whoever sent it (the sync
 * below or an operator through the command call). Other actions are left alone. Answers the state recorded.
 */
export const observeLocalListAnswer = async (db: Database, command: ChargePointCommand, outcome: CommandOutcome) => {
  if (command.action !== 'GetLocalListVersion' && command.action !== 'SendLocalList') {
    return null;
  }
  // Only a version's answer is read against what was known of the list (a SendLocalList's says it all).
  const known = command.action === 'GetLocalListVersion' ? await stateRowOf(db, command.stationId) : undefined;
  const state = readAnswer(command, outcome, known);
  if (state) {
    if (command.accountId !== null) {
      await recordState(db, command.stationId, state);
    } else {
      // The server's own check after each boot commits as the charge points' state does (ocpp.history.ts,
      // SAMPLE_COMMIT): lost in a crash of the database, the next boot's check finds the version again.
      await db.execute(sql`
        with recorded as (
          insert into charge_point_local_lists (station_id, supported, version, from_network, checked_at)
          values (${command.stationId}, ${state.supported}, ${state.version}, ${state.fromNetwork}, now())
          on conflict (station_id) do update set supported = excluded.supported, version = excluded.version,
            from_network = excluded.from_network, checked_at = excluded.checked_at
        )
        select ${SAMPLE_COMMIT}
      `);
    }
  }
  return state;
};

/** What a charge point's answer to the server's GetLocalListVersion says: its version, none kept (-1), or nothing. */
const versionAnswerOf = (outcome: CommandOutcome): { supported: boolean; version: number | null } | null => {
  const answer = readAnswer(
    { stationId: 0, action: 'GetLocalListVersion', payload: {}, accountId: null },
    outcome,
    undefined,
  );
  return answer && { supported: answer.supported ?? false, version: answer.version };
};

interface VersionCheck {
  stationId: number;
  supported: boolean;
  version: number | null;
}

/**
 * The server's own version checks after the boots of the moment (many in one statement, a station at most once:
 * ocpp.station-queue.ts), each as observeLocalListAnswer records it, and the network's version read in the same
 * statement: a check was three statements (the state read, its upsert, the network's version). The list is the
 * network's when it was ours at the version the charge point answers. Committed as the charge points' state is
 * (ocpp.history.ts, SAMPLE_COMMIT): lost in a crash of the database, the next boot's check finds the version again.
 */
const recordVersionChecks = async (db: Database, checks: VersionCheck[]) => {
  const rows = checks.map((check) => ({
    station_id: check.stationId,
    supported: check.supported,
    version: check.version,
  }));
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(station_id int, supported boolean, version int)
    ),
    recorded as (
      insert into charge_point_local_lists as l (station_id, supported, version, from_network, checked_at)
      select station_id, supported, version, false, now() from input order by station_id
      on conflict (station_id) do update set supported = excluded.supported, version = excluded.version,
        from_network = coalesce(excluded.supported and l.from_network and l.version = excluded.version, false),
        checked_at = excluded.checked_at
      returning station_id, supported, version, from_network
    )
    select station_id as "stationId", supported, version, from_network as "fromNetwork",
      coalesce((select version from local_auth_list_version limit 1), ${FIRST_VERSION}) as network, ${SAMPLE_COMMIT}
    from recorded
  `)) as unknown as {
    rows: { stationId: number; supported: boolean; version: number | null; fromNetwork: boolean; network: number }[];
  };
  return new Map(
    result.rows.map((row) => [
      Number(row.stationId),
      {
        supported: Boolean(row.supported),
        version: row.version === null ? null : Number(row.version),
        fromNetwork: Boolean(row.fromNetwork),
        network: Number(row.network),
      },
    ]),
  );
};

/** A charge point's connection as ocpp-rpc hands it over: its session and the answers it was given. */
export interface WatchedClient {
  session: { stationId: number };
  on(event: 'callResult', listener: (event: { outbound: boolean; method: string; result: unknown }) => void): unknown;
  once(event: 'close', listener: () => void): unknown;
}

export const createLocalListSync = (options: {
  db: Database;
  bus: OcppBus;
  log: { warn(object: object, message: string): void };
  /** The central system's command path for a charge point this process holds (recorded in the command log). */
  send(command: ChargePointCommand): Promise<CommandOutcome>;
  /** A call without payload to a charge point this process holds, not recorded: its answer, or the error thrown. */
  ask(stationId: number, action: 'GetLocalListVersion'): Promise<unknown>;
  isHeld(stationId: number): boolean;
  pollMs?: number;
}) => {
  const { db, bus, log, send, ask, isHeld } = options;
  const pending = new Map<number, 'boot' | 'push'>();
  const busy = new Set<number>();
  const retryAt = new Map<number, number>();
  let active = 0;
  let isClosed = false;
  // The Full list is the same for every charge point at one version: read once per version.
  let fullList: Promise<LocalListSnapshot> | null = null;
  let fullListVersion = 0;

  /** The network's Full list, at its version given when just read (a boot's check reads it), else read here. */
  const readFullList = async (known?: number) => {
    const version = known ?? (await networkListVersion(db));
    if (!fullList || fullListVersion !== version) {
      fullListVersion = version;
      fullList = readLocalList(db, null);
      fullList.catch(() => {
        fullList = null;
      });
    }
    return fullList;
  };

  let nextFullAt = 0;
  const paceFullList = async () => {
    const now = Date.now();
    const at = Math.max(now, nextFullAt);
    nextFullAt = at + FULL_LIST_SPACING_MS;
    if (at > now) {
      await new Promise((resolve) => setTimeout(resolve, at - now));
    }
  };

  const sendList = (stationId: number, list: LocalListSnapshot, updateType: 'Full' | 'Differential') => {
    const payload = { listVersion: list.version, updateType, localAuthorizationList: list.entries };
    return send({
      stationId,
      action: 'SendLocalList',
      payload,
      ...(list.entries.length > LOGGED_ENTRIES
        ? { logged: { listVersion: list.version, updateType, entries: list.entries.length } }
        : {}),
      accountId: null,
    });
  };

  // The states of the charge points being synchronised, read many to a statement (ocpp.station-queue.ts).
  const readState = createStationQueue<{ stationId: number }, TStateRow | undefined>(async (batch) => {
    const rows = await db
      .select()
      .from(chargePointLocalLists)
      .where(
        inArray(
          chargePointLocalLists.stationId,
          batch.map((asked) => asked.stationId),
        ),
      );
    return new Map(rows.map((row) => [row.stationId, row]));
  }, undefined);
  // The version checks of the moment, recorded many to a statement with the network's version (recordVersionChecks).
  const recordVersionCheck = createStationQueue<
    VersionCheck,
    { supported: boolean; version: number | null; fromNetwork: boolean; network: number } | null
  >((batch) => recordVersionChecks(db, batch), null);

  /**
   * GetLocalListVersion, not logged; its answer recorded as the station's state, with the network's version (null when
   * it gave none).
   */
  const askVersion = async (stationId: number) => {
    let outcome: CommandOutcome;
    try {
      outcome = { status: 'accepted', response: await ask(stationId, 'GetLocalListVersion') };
    } catch (error) {
      const code = (error as { rpcErrorCode?: unknown }).rpcErrorCode;
      outcome =
        typeof code === 'string'
          ? { status: 'failed', response: { error: code } }
          : { status: 'timeout', response: null };
    }
    const answer = versionAnswerOf(outcome);
    return answer && recordVersionCheck({ stationId, ...answer });
  };

  const failed = (stationId: number) => retryAt.set(stationId, Date.now() + RETRY_AFTER_MS);

  /**
   * Brings one charge point's list to the network's: after a boot, asks its version and sends the Full list when it
   * differs; when a card changed, sends the changes since its version (a Differential update) if its list is ours.
   */
  const sync = async (stationId: number, mode: 'boot' | 'push') => {
    const state = await readState({ stationId });
    if (state?.supported === false || !isHeld(stationId)) {
      return;
    }
    let version: number;
    // After a boot, a list of the right version that we did not give it is replaced too.
    let isOurs = true;
    let network: number | undefined;
    if (mode === 'boot') {
      const answer = await askVersion(stationId);
      if (!answer) {
        failed(stationId);
        return;
      }
      if (!answer.supported || answer.version === null) {
        return;
      }
      version = answer.version;
      isOurs = answer.fromNetwork;
      network = answer.network;
    } else if (state?.fromNetwork && state.version !== null) {
      version = state.version;
    } else {
      return;
    }
    let full = mode === 'boot';
    let list = full ? await readFullList(network) : await readLocalList(db, version);
    if (list.version === version && isOurs) {
      retryAt.delete(stationId);
      return;
    }
    // A long differential is a Full update's work.
    if (!full && (version > list.version || list.truncated)) {
      full = true;
      list = await readFullList();
    }
    if (list.truncated) {
      log.warn({ stationId, entries: LOCAL_LIST_MAX_ENTRIES }, 'local list longer than one SendLocalList: cut');
    }
    if (full) {
      await paceFullList();
      if (!isHeld(stationId)) {
        return;
      }
    }
    const sent = await sendList(stationId, list, full ? 'Full' : 'Differential');
    if (sent.status === 'accepted') {
      retryAt.delete(stationId);
    } else {
      failed(stationId);
    }
  };

  const pump = () => {
    for (const [stationId, mode] of pending) {
      if (active >= CONCURRENT_SYNCS || isClosed) {
        return;
      }
      if (busy.has(stationId)) {
        continue;
      }
      pending.delete(stationId);
      busy.add(stationId);
      active += 1;
      void sync(stationId, mode)
        .catch((error: unknown) => {
          failed(stationId);
          log.warn({ err: error, stationId }, 'local list not synchronised');
        })
        .finally(() => {
          busy.delete(stationId);
          active -= 1;
          pump();
        });
    }
  };

  const enqueue = (stationId: number, mode: 'boot' | 'push') => {
    if (pending.get(stationId) !== 'boot') {
      pending.set(stationId, mode);
    }
    pump();
  };

  // Card changes: the charge points held here that keep a list and are behind the network's version.
  let pushing: Promise<void> | null = null;
  let pushAgain = false;
  const pushChanges = async () => {
    const network = await networkListVersion(db);
    const behind = await db
      .select({ stationId: chargePointLocalLists.stationId })
      .from(chargePointLocalLists)
      .where(
        and(
          eq(chargePointLocalLists.supported, true),
          eq(chargePointLocalLists.fromNetwork, true),
          lt(chargePointLocalLists.version, network),
        ),
      );
    const now = Date.now();
    for (const { stationId } of behind) {
      if (isHeld(stationId) && (retryAt.get(stationId) ?? 0) <= now && !pending.has(stationId)) {
        enqueue(stationId, 'push');
      }
    }
  };
  const schedulePush = () => {
    if (isClosed) {
      return;
    }
    if (pushing) {
      pushAgain = true;
      return;
    }
    pushing = pushChanges()
      .catch((error: unknown) => log.warn({ err: error }, 'local list changes not pushed'))
      .finally(() => {
        pushing = null;
        if (pushAgain) {
          pushAgain = false;
          schedulePush();
        }
      });
  };

  const unsubscribe = bus.subscribe('ocpp_events', (message) => {
    if ((message as { type?: unknown } | null)?.type === 'local_list') {
      schedulePush();
    }
  });
  const poll = setInterval(schedulePush, options.pollMs ?? DEFAULT_POLL_MS);
  poll.unref();
  const checks = new Set<NodeJS.Timeout>();

  return {
    /**
     * Follows a new connection: a Full sync once its BootNotification is answered Accepted (the call goes out after
     * the answer), and, for a charge point known to keep a list that reconnects without booting, a check a moment later.
     */
    watch(client: WatchedClient) {
      const { stationId } = client.session;
      // Set by its first BootNotification's answer: a charge point told Pending (its slot later, after a restart) is
      // synchronised once its boot is accepted, not checked as a reconnect without a boot meanwhile.
      let booted = false;
      client.on('callResult', (event) => {
        if (event.outbound || event.method !== 'BootNotification') {
          return;
        }
        booted = true;
        if ((event.result as { status?: unknown } | null)?.status === 'Accepted') {
          setImmediate(() => enqueue(stationId, 'boot'));
        }
      });
      const check = setTimeout(() => {
        checks.delete(check);
        if (booted || isClosed) {
          return;
        }
        void db
          .select({ supported: chargePointLocalLists.supported })
          .from(chargePointLocalLists)
          .where(eq(chargePointLocalLists.stationId, stationId))
          .then(([state]) => {
            if (state?.supported && isHeld(stationId)) {
              enqueue(stationId, 'boot');
            }
          })
          .catch((error: unknown) => log.warn({ err: error, stationId }, 'local list not checked'));
      }, CONNECT_CHECK_AFTER_MS);
      check.unref();
      checks.add(check);
      client.once('close', () => {
        clearTimeout(check);
        checks.delete(check);
      });
    },

    /** Records an answer to GetLocalListVersion or SendLocalList (see observeLocalListAnswer). */
    observe: async (sent: ChargePointCommand, outcome: CommandOutcome) => {
      await observeLocalListAnswer(db, sent, outcome);
    },

    /** Pushes the changes now (tests; the poll and NOTIFY do it otherwise). */
    push: () => pushChanges(),

    close() {
      isClosed = true;
      clearInterval(poll);
      for (const check of checks) {
        clearTimeout(check);
      }
      checks.clear();
      pending.clear();
      unsubscribe();
    },
  };
};

export type LocalListSync = ReturnType<typeof createLocalListSync>;
