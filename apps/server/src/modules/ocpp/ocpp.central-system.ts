/**
 * The network's OCPP 1.6J central system (issue 17, part 1, 3 and 5): the websocket endpoint `/ocpp/{identity}` on the
 * HTTP server's own port, Basic auth against the station's sealed password, the connections this process holds, and
 * the commands sent to them, routed through the bus when the charge point is connected to another process.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ocppRpc } from './ocpp-rpc';
import type { Database } from '../../db/client';
import type { ChargePointCommand, ChargePointGateway, CommandOutcome } from '../../platform/charge-points';
import { type Metrics, startTimer } from '../../platform/metrics';
import { currentRequestId, withRequestId } from '../../platform/request-context';
import type { StationSecrets } from '../stations';
import type { OcppBus } from './ocpp.bus';
import type { OcppConfig } from './ocpp.config';
import { createLocalListSync } from './ocpp.local-list';
import { createFirmwareNotifications } from './ocpp.firmware.handlers';
import { createConnectionBook } from './ocpp.connections';
import { createOcppHandlers, OcppCallError, type StationSession } from './ocpp.handlers';
import { recordServerCommandsMany, type ServerCommandRecord } from './ocpp.history';
import { createKeyedQueue, createStationQueue } from './ocpp.station-queue';
import type { SmartCharging } from './ocpp.smart-charging';
import { chargePointPresence } from './ocpp.service';
import { chargePointCommands, chargePoints } from './ocpp.tables';

export const OCPP_PATH = /^\/ocpp\/([^/?#]+)\/?(?:\?.*)?$/;
/** Frames over 64 KB close the connection (1009); no OCPP 1.6 message needs more. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Answers that mean the charge point does what it was asked (RebootRequired: after its next reboot). */
const ACCEPTED_ANSWERS = new Set(['Accepted', 'Unlocked', 'Scheduled', 'RebootRequired']);
/**
 * How long after a charge point reconnects without booting the central system asks it for its connectors' status: a
 * charge point that boots meanwhile is asked after its boot instead (issue 34, item 2).
 */
export const STATUS_AFTER_CONNECT_MS = 1_000;
const STATUS_REQUEST = { requestedMessage: 'StatusNotification' } as const;

/** A call's end as ocpp-rpc reports it, in either direction (`outbound`: the central system called). */
interface CallEnd {
  outbound: boolean;
  messageId: string;
  method: string;
  params: unknown;
  result?: unknown;
  error?: { rpcErrorCode?: string; name?: string; message?: string };
}

/** A connection as ocpp-rpc hands it over (its typings do not describe the server's clients). */
interface ServerClient {
  identity: string;
  session: StationSession;
  handle(
    method: string,
    handler: (call: {
      method: string;
      params: Record<string, unknown>;
      messageId: string;
    }) => Promise<unknown> | unknown,
  ): void;
  call(method: string, params: unknown, options?: { callTimeoutMs?: number }): Promise<unknown>;
  close(options?: { code?: number; reason?: string; force?: boolean }): Promise<unknown>;
  once(event: 'close', listener: (event: { code?: number; reason?: unknown }) => void): void;
  on(event: 'callResult', listener: (event: CallEnd & { result: unknown }) => void): void;
  on(event: 'callError', listener: (event: CallEnd) => void): void;
}

interface CommandMessage extends ChargePointCommand {
  requestId: string;
  /** The dashboard request that sent the command, for the holding process's log lines. */
  reqId?: string | undefined;
}

interface ReplyMessage extends CommandOutcome {
  requestId: string;
}

interface ConnectedMessage {
  type: 'connected';
  stationId: number;
  processId: string;
}

export interface CentralSystem extends ChargePointGateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** How many charge points this process holds. */
  connections(): number;
  close(): Promise<void>;
}

/** GetConfiguration's answer with both of its lists, empty when the charge point left one out. */
const answerOf = (action: string, response: unknown): unknown => {
  if (action !== 'GetConfiguration' || typeof response !== 'object' || response === null) {
    return response;
  }
  const { configurationKey, unknownKey } = response as { configurationKey?: unknown; unknownKey?: unknown };
  return {
    ...response,
    configurationKey: Array.isArray(configurationKey) ? configurationKey : [],
    unknownKey: Array.isArray(unknownKey) ? unknownKey : [],
  };
};

const outcomeOf = (action: string, answer: unknown): CommandOutcome => {
  const response = answerOf(action, answer);
  const status = (response as { status?: unknown } | null)?.status;
  return {
    status:
      status === undefined || (typeof status === 'string' && ACCEPTED_ANSWERS.has(status)) ? 'accepted' : 'rejected',
    response,
  };
};

/**
 * Boot slots (issue 34, item 4): up to `perSecond` BootNotifications a second are accepted at once; past that a charge
 * point is given a slot of its own later on and answered Pending with the seconds until it (OCPP 1.6, 4.2: it tries
 * again after `interval`), accepted when it comes back for it. A whole network reconnecting after a restart so boots
 * spread out instead of all at once. Answers 0 to accept now, else the seconds to wait.
 */
export const createBootAdmission = (perSecond: number) => {
  const gapMs = 1000 / perSecond;
  let nextFree = 0;
  const kept = new Map<number, number>();
  return {
    admit(stationId: number, now = Date.now()) {
      const slot = kept.get(stationId);
      if (slot !== undefined) {
        if (now >= slot - 1_000) {
          kept.delete(stationId);
          return 0;
        }
        return Math.ceil((slot - now) / 1000);
      }
      const at = Math.max(now, nextFree);
      nextFree = at + gapMs;
      if (at - now < 1_000) {
        return 0;
      }
      kept.set(stationId, at);
      return Math.ceil((at - now) / 1000);
    },
    /** A charge point that went away gives its slot up (a new connection asks afresh). */
    forget(stationId: number) {
      kept.delete(stationId);
    },
  };
};

/**
 * Runs at most `size` of the given work at once, the rest waiting in turn here. StartTransaction and StopTransaction
 * each hold a database connection for a transaction (the charges engine): a burst of them (a network's charges stopped
 * together) waits here instead of in the pool, whose 5 s wait for a connection would fail the calls and leave the
 * HTTP requests without one.
 */
export const createLimiter = (size: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= size) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) {
        next();
      } else {
        running -= 1;
      }
    }
  };
};

/** StartTransaction and StopTransaction handled at once by one process (createLimiter). */
const TRANSACTIONS_AT_ONCE = 4;

const passwordMatches = (given: Buffer | undefined, expected: string | null) => {
  if (!given || expected === null) {
    return false;
  }
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

export const createCentralSystem = (options: {
  db: Database;
  secrets: StationSecrets;
  config: OcppConfig;
  bus: OcppBus;
  /** The process's logger; each connection logs through a child naming its charge point (`cp`) and itself (`conn`). */
  log: FastifyBaseLogger;
  /** Power limits (ocpp.smart-charging.ts): sent again after a boot, a site's shares rebalanced as charges come and go. */
  smartCharging?: SmartCharging;
  /** The process's metrics: each call's time by action and outcome, each command's outcome. */
  metrics?: Metrics;
}): CentralSystem => {
  const { db, secrets, config, bus, log, smartCharging, metrics } = options;
  const processId = randomUUID();
  // A connection's id: this process's and a count, unique across processes and short in every line.
  const processTag = processId.slice(0, 8);
  let connectionsOpened = 0;
  // The dashboard request behind a command being sent, by its payload (the object ocpp-rpc reports the call's end with).
  const commandRequests = new WeakMap<object, string>();
  const handlers = createOcppHandlers(db, config, bus, log);
  // FirmwareStatusNotification and DiagnosticsStatusNotification, by their OCPP names (ocpp.firmware.handlers.ts).
  const firmwareNotifications = createFirmwareNotifications(db, bus);
  const held = new Map<number, ServerClient>();
  /** Set by close(): the connections' own close records are left to it. */
  let closing = false;
  const boots = createBootAdmission(config.bootsPerSecond);
  const inTurn = createLimiter(TRANSACTIONS_AT_ONCE);
  const waiting = new Map<string, (outcome: CommandOutcome) => void>();
  // The local authorization list kept in the charge points held here (ocpp.local-list.ts).
  const localList = createLocalListSync({
    db,
    bus,
    log,
    send: (command) => execute(held.get(command.stationId), command),
    ask: (stationId, action) => {
      const client = held.get(stationId);
      return client
        ? client.call(action, {}, { callTimeoutMs: config.callTimeoutMs })
        : Promise.reject(new Error('not connected'));
    },
    isHeld: (stationId) => held.has(stationId),
  });
  // A station's connection record is written in the order of its connections' events: on a pool, a disconnect's
  // write and the reconnect's that follows it could otherwise land the other way round and leave it "not connected".
  // The records themselves are written many to a statement (ocpp.connections.ts).
  const connections = createConnectionBook(db);
  // The server's own commands' log entries, many to a statement (ocpp.station-queue.ts).
  const logServerCommand = createStationQueue<ServerCommandRecord, true>(
    (batch) => recordServerCommandsMany(db, batch),
    true,
  );
  const recording = new Map<number, Promise<void>>();
  const recordInOrder = (stationId: number, write: () => Promise<void>) => {
    const next = (recording.get(stationId) ?? Promise.resolve())
      .then(write)
      .catch((error: unknown) => log.warn({ err: error }, 'ocpp connection not recorded'));
    recording.set(stationId, next);
    void next.then(() => {
      if (recording.get(stationId) === next) {
        recording.delete(stationId);
      }
    });
  };

  /**
   * The stations of the websocket handshakes of the moment (their passwords), read in one statement
   * (ocpp.station-queue.ts), by the identity's lower case: a network reconnecting after a restart opens thousands of
   * connections in a few seconds, and their reads one by one in the pool ran past its 5 s wait for a connection,
   * refusing charge points (docs/benchmarks.md, section 7); three at a time, they held the reconnect up. Their
   * connection records are written many to a statement too (ocpp.connections.ts).
   */
  const readHandshakes = createKeyedQueue(
    async (identities: string[]) => {
      const result = (await db.execute(sql`
        select i.asked, s.id, s.identity, s.status, s.password_sealed as sealed
        from jsonb_array_elements_text(${JSON.stringify(identities)}::jsonb) as i(asked)
        join stations s on lower(s.identity) = lower(i.asked)
      `)) as unknown as { rows: { asked: string; id: number; identity: string; status: number; sealed: string }[] };
      return new Map(
        result.rows.map(({ asked, ...station }) => [
          asked,
          { ...station, id: Number(station.id), status: Number(station.status) },
        ]),
      );
    },
    null,
    (identity: string) => identity,
  );

  /**
   * The websocket server, made when the first charge point connects: that is when ocpp-rpc and its schemas load
   * (ocpp-rpc.ts), not during the start. Nothing else needs it before there is a connection.
   */
  let rpcServer: InstanceType<ReturnType<typeof ocppRpc>['RPCServer']> | undefined;
  const serverForUpgrades = () => {
    if (rpcServer) {
      return rpcServer;
    }
    const server = new (ocppRpc().RPCServer)({
      protocols: ['ocpp1.6'],
      strictMode: true,
      callTimeoutMs: config.callTimeoutMs,
      pingIntervalMs: 30_000,
      maxBadMessages: 10,
      wssOptions: { maxPayload: MAX_FRAME_BYTES },
    });
    server.auth(authorize);
    server.on('client', welcome);
    rpcServer = server;
    return server;
  };

  const authorize: Parameters<NonNullable<typeof rpcServer>['auth']>[0] = async (accept, reject, handshake) => {
    if (!handshake.protocols.has('ocpp1.6')) {
      reject(400, 'The subprotocol ocpp1.6 is required');
      return;
    }
    try {
      const station = await readHandshakes(handshake.identity);
      if (!station || station.status !== 0 || station.identity !== handshake.identity) {
        reject(404, 'Unknown charge point');
        return;
      }
      if (!passwordMatches(handshake.password, secrets.decrypt(station.sealed))) {
        reject(401, 'Unauthorized');
        return;
      }
      accept({ stationId: station.id, identity: station.identity } satisfies StationSession, 'ocpp1.6');
    } catch (error) {
      log.warn({ err: error, cp: handshake.identity }, 'ocpp handshake failed');
      reject(500, 'Internal error');
    }
  };

  /**
   * Runs a handler with the per-connection flood limit, mapping our refusals to OCPP errors; each call is timed into
   * the process's metrics by its action and outcome.
   */
  const guard = (client: ServerClient, connectionLog: FastifyBaseLogger) => {
    let windowStart = Date.now();
    let calls = 0;
    const limited = async <T>(
      handler: (session: StationSession, params: never) => Promise<T> | T,
      { method, params, messageId }: { method: string; params: unknown; messageId: string },
    ) => {
      const now = Date.now();
      if (now - windowStart >= 10_000) {
        windowStart = now;
        calls = 0;
      }
      calls += 1;
      if (calls > config.callsPer10s) {
        void client.close({ code: 1008, reason: 'Rate limit exceeded' });
        throw ocppRpc().createRPCError('SecurityError', 'Rate limit exceeded');
      }
      try {
        return await handler(client.session, params as never);
      } catch (error) {
        if (error instanceof OcppCallError) {
          throw ocppRpc().createRPCError(error.code, error.message);
        }
        connectionLog.warn({ err: error, msgId: messageId, action: method }, 'ocpp call failed');
        throw ocppRpc().createRPCError('InternalError', 'The central system could not process this call');
      }
    };
    return <T>(handler: (session: StationSession, params: never) => Promise<T> | T) =>
      async (call: { method: string; params: Record<string, unknown>; messageId: string }) => {
        const elapsed = startTimer();
        let outcome = 'error';
        try {
          const answer = await limited(handler, call);
          outcome = 'accepted';
          return answer;
        } finally {
          metrics?.ocppMessages.observe({ action: call.method, outcome }, elapsed());
        }
      };
  };

  /** Asks a charge point this process holds for every connector's status (recorded as the server's command). */
  const askForStatus = (client: ServerClient) => {
    const { stationId } = client.session;
    if (!config.statusOnConnect || held.get(stationId) !== client) {
      return;
    }
    void execute(client, {
      stationId,
      action: 'TriggerMessage',
      payload: { ...STATUS_REQUEST },
      accountId: null,
    }).catch((error: unknown) => log.warn({ err: error }, 'ocpp status not asked for'));
  };

  /**
   * What follows an accepted BootNotification, once its answer has gone out: the connectors' status asked for. A
   * profile that acts on a boot (the local list's version) adds its one call here.
   */
  const afterBoot = (client: ServerClient) => {
    askForStatus(client);
    void smartCharging
      ?.afterBoot(send, client.session.stationId)
      .catch((error: unknown) => log.warn({ err: error }, 'ocpp power limit not sent after a boot'));
  };

  /** After a charge's start or stop has been answered: its site's power shares rebalanced. */
  const chargeChanged = (stationId: number) => {
    setTimeout(() => {
      void smartCharging
        ?.chargeChanged(send, stationId)
        .catch((error: unknown) => log.warn({ err: error }, 'ocpp power shares not rebalanced'));
    }, 0);
  };

  /**
   * Each message exchange of a connection in its log, with the message id: at debug every call and its answer in both
   * directions; at info the commands a dashboard request sent (with the request's id) and the errors this side
   * answered. With the log at info, a heartbeat costs one check of its direction and nothing else.
   */
  const logExchanges = (client: ServerClient, connectionLog: FastifyBaseLogger) => {
    const everyExchange = connectionLog.level === 'debug' || connectionLog.level === 'trace';
    const requestOf = (event: CallEnd) => (event.outbound ? commandRequests.get(event.params as object) : undefined);
    client.on('callResult', (event) => {
      const reqId = requestOf(event);
      if (reqId === undefined && !everyExchange) {
        return;
      }
      const line = { msgId: event.messageId, action: event.method, dir: event.outbound ? 'out' : 'in', reqId };
      if (reqId === undefined) {
        connectionLog.debug(line, 'ocpp call answered');
      } else {
        connectionLog.info(line, 'ocpp call answered');
      }
    });
    client.on('callError', (event) => {
      const reqId = requestOf(event);
      const line = {
        msgId: event.messageId,
        action: event.method,
        dir: event.outbound ? 'out' : 'in',
        reqId,
        error: event.error?.rpcErrorCode ?? event.error?.name,
        detail: event.error?.message,
      };
      if (reqId === undefined && event.outbound) {
        connectionLog.debug(line, 'ocpp call answered with an error');
      } else {
        connectionLog.info(line, 'ocpp call answered with an error');
      }
    });
  };

  /** A charge point accepted by `authorize`: its handlers, its connection record. */
  const welcome = (client: ServerClient) => {
    const { stationId } = client.session;
    connectionsOpened += 1;
    const connectionLog = log.child({
      cp: client.session.identity,
      conn: `${processTag}.${connectionsOpened.toString(36)}`,
    });
    connectionLog.info('ocpp charge point connected');
    logExchanges(client, connectionLog);
    const previous = held.get(stationId);
    held.set(stationId, client);
    if (previous) {
      void previous.close({ code: 1000, reason: 'Replaced by a new connection' });
    }
    const wrap = guard(client, connectionLog);
    localList.watch(client);
    // A reconnect without a boot is asked for its status a moment later, unless it boots meanwhile (asked after that).
    // A boot answered Pending counts: the charge point is asked once its boot is accepted, not twice (after a restart,
    // 10,000 of them waiting for their slots each asked at once held the accepted boots up).
    let statusTimer: NodeJS.Timeout | undefined;
    let bootedHere = false;
    client.handle(
      'BootNotification',
      wrap(async (session, params: Record<string, string | undefined>) => {
        bootedHere = true;
        clearTimeout(statusTimer);
        const wait = boots.admit(session.stationId);
        if (wait > 0) {
          return { status: 'Pending', currentTime: new Date().toISOString(), interval: wait };
        }
        const answer = await handlers.bootNotification(session, params);
        setTimeout(() => afterBoot(client), 0);
        return answer;
      }),
    );
    client.handle('Heartbeat', wrap(handlers.heartbeat));
    client.handle('StatusNotification', wrap(handlers.statusNotification));
    client.handle('Authorize', wrap(handlers.authorizeCall));
    client.handle(
      'StartTransaction',
      wrap(async (session, params: Parameters<typeof handlers.startTransaction>[1]) => {
        const answer = await inTurn(() => handlers.startTransaction(session, params));
        chargeChanged(session.stationId);
        return answer;
      }),
    );
    client.handle('MeterValues', wrap(handlers.meterValues));
    client.handle(
      'StopTransaction',
      wrap(async (session, params: Parameters<typeof handlers.stopTransaction>[1]) => {
        const answer = await inTurn(() => handlers.stopTransaction(session, params));
        chargeChanged(session.stationId);
        return answer;
      }),
    );
    client.handle('DataTransfer', wrap(handlers.dataTransfer));
    for (const [action, handler] of Object.entries(firmwareNotifications)) {
      client.handle(action, wrap(handler));
    }
    client.once('close', ({ code, reason }) => {
      connectionLog.info({ code, reason: String(reason ?? '') }, 'ocpp charge point disconnected');
      clearTimeout(statusTimer);
      // While the process closes, close() records every charge point it held as disconnected itself.
      if (held.get(stationId) === client && !closing) {
        held.delete(stationId);
        boots.forget(stationId);
        recordInOrder(stationId, async () => {
          // A charge point that reconnected meanwhile is connected: its record stays.
          if (!held.has(stationId)) {
            await connections.disconnected(stationId, processId);
            await bus.publish('ocpp_events', { type: 'status', stationId, connectorId: 0 });
          }
        });
      }
    });
    recordInOrder(stationId, async () => {
      const bootedBefore = await connections.connected(stationId, processId);
      await bus.publish('ocpp_events', { type: 'connected', stationId, processId } satisfies ConnectedMessage);
      if (bootedBefore && config.statusOnConnect && !bootedHere) {
        statusTimer = setTimeout(() => {
          if (!bootedHere) {
            askForStatus(client);
          }
        }, STATUS_AFTER_CONNECT_MS);
        statusTimer.unref();
      }
    });
  };

  /** Sends a command to a charge point this process holds and records it in the command log. */
  const execute = async (client: ServerClient | undefined, command: ChargePointCommand): Promise<CommandOutcome> => {
    const startedAt = Date.now();
    let outcome: CommandOutcome;
    if (!client) {
      outcome = { status: 'not_connected', response: null };
    } else {
      const reqId = currentRequestId();
      if (reqId !== undefined) {
        commandRequests.set(command.payload, reqId);
      }
      try {
        outcome = outcomeOf(
          command.action,
          await client.call(command.action, command.payload, { callTimeoutMs: config.callTimeoutMs }),
        );
        if (command.action === 'RemoteStartTransaction' && outcome.status === 'accepted') {
          const { connectorId, idTag } = command.payload as { connectorId: number; idTag: string };
          handlers.expectRemoteStart(command.stationId, connectorId, idTag, command.appClient);
        }
      } catch (error) {
        if (error instanceof ocppRpc().TimeoutError) {
          outcome = { status: 'timeout', response: null };
        } else {
          const rpc = error as { rpcErrorCode?: string; message?: string };
          outcome = rpc.rpcErrorCode
            ? { status: 'failed', response: { error: rpc.rpcErrorCode, description: rpc.message ?? '' } }
            : { status: 'not_connected', response: null };
        }
      }
    }
    const entry = {
      stationId: command.stationId,
      accountId: command.accountId,
      action: command.action,
      request: command.logged ?? command.payload,
      status: outcome.status,
      response: outcome.response ?? null,
      createdAt: new Date(startedAt),
      durationMs: Date.now() - startedAt,
    };
    if (entry.accountId !== null) {
      // A person's command: its commit waits for the log's flush.
      await db.insert(chargePointCommands).values(entry);
    } else {
      // The server's own (the status asked after each boot, the local list's: 10,000 of them after a restart) as the
      // charge points' state is written (ocpp.history.ts, SAMPLE_COMMIT), with the others of the moment in one
      // statement.
      await logServerCommand(entry);
    }
    metrics?.ocppCommands.inc({ action: command.action, outcome: outcome.status });
    await localList.observe(command, outcome);
    return outcome;
  };

  const flushTimer = setInterval(() => {
    handlers.flushSeen().catch((error: unknown) => log.warn({ err: error }, 'ocpp last-seen times not written'));
  }, 1_000);
  flushTimer.unref();

  const unsubscribes = [
    bus.subscribe('ocpp_commands', (message) => {
      const command = message as CommandMessage;
      const client = held.get(command.stationId);
      if (!client) {
        return;
      }
      // The sender's request id goes on with the command: the lines it causes here name that request too.
      void withRequestId(command.reqId, () =>
        execute(client, command)
          .then((outcome) =>
            bus.publish('ocpp_replies', { requestId: command.requestId, ...outcome } satisfies ReplyMessage),
          )
          .catch((error: unknown) => log.warn({ err: error, action: command.action }, 'ocpp command failed')),
      );
    }),
    bus.subscribe('ocpp_replies', (message) => {
      const reply = message as ReplyMessage;
      waiting.get(reply.requestId)?.({ status: reply.status, response: reply.response });
    }),
    bus.subscribe('ocpp_events', (message) => {
      // A charge point that connected to another process is no longer this one's: its old connection goes.
      const event = message as Partial<ConnectedMessage>;
      if (event.type === 'connected' && event.processId !== processId && typeof event.stationId === 'number') {
        const stale = held.get(event.stationId);
        if (stale) {
          held.delete(event.stationId);
          void stale.close({ code: 1000, reason: 'Replaced by a new connection' });
        }
      }
    }),
  ];

  const isConnected = async (stationId: number) => {
    if (held.has(stationId)) {
      return true;
    }
    const [row] = await db
      .select({ connectedAt: chargePoints.connectedAt })
      .from(chargePoints)
      .where(eq(chargePoints.stationId, stationId));
    return Boolean(row?.connectedAt);
  };

  const send = async (command: ChargePointCommand): Promise<CommandOutcome> => {
    const local = held.get(command.stationId);
    if (local || !(await isConnected(command.stationId))) {
      return execute(local, command);
    }
    // Held by another process: it sends the command and records it; its answer comes back on the bus.
    const requestId = randomUUID();
    const answered = new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(requestId);
        log.warn(
          { stationId: command.stationId, action: command.action, commandId: requestId },
          'ocpp command: no answer from the process holding the charge point',
        );
        resolve({ status: 'timeout', response: null });
      }, config.callTimeoutMs + 2_000);
      waiting.set(requestId, (outcome) => {
        clearTimeout(timer);
        waiting.delete(requestId);
        resolve(outcome);
      });
    });
    log.debug(
      { stationId: command.stationId, action: command.action, commandId: requestId },
      'ocpp command sent to the process holding the charge point',
    );
    await bus.publish('ocpp_commands', { ...command, requestId, reqId: currentRequestId() } satisfies CommandMessage);
    return answered;
  };

  return {
    isConnected,
    // A charge point this process holds is online whatever its row says yet: the record of its connection may still be
    // gathering with others' (ocpp.station-queue.ts), and a command sent meanwhile must not find it offline.
    presence: async (stationIds, now) => {
      const found = await chargePointPresence(db, config.forceFinishAfterS, stationIds, now);
      for (const stationId of stationIds) {
        if (held.has(stationId) && found.get(stationId)?.state !== 'online') {
          found.set(stationId, { state: 'online', silentS: 0, forceFinishInS: config.forceFinishAfterS });
        }
      }
      return found;
    },
    connections: () => held.size,

    send,

    handleUpgrade(request, socket, head) {
      void serverForUpgrades().handleUpgrade(request, socket as never, head);
    },

    async close() {
      closing = true;
      clearInterval(flushTimer);
      localList.close();
      await handlers.flushSeen().catch(() => undefined);
      for (const unsubscribe of unsubscribes) {
        unsubscribe();
      }
      const stationIds = [...held.keys()];
      await rpcServer?.close({ code: 1001, force: true });
      // Each charge point recorded disconnected once, after its own records, many to a statement: 10,000 of them one
      // after another held a restart up for seconds before the new process could take their reconnects
      // (docs/benchmarks.md, section 7).
      await Promise.all(
        stationIds.map(async (stationId) => {
          await recording.get(stationId)?.catch(() => undefined);
          await connections.disconnected(stationId, processId).catch(() => undefined);
        }),
      );
      // And the records of charge points that went away before the close (their close handlers ran first): the pool
      // ends after this, and a record still queued would be lost, the charge point left connected to this process.
      await Promise.all([...recording.values()]);
    },
  };
};
