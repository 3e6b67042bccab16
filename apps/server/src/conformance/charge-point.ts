/**
 * The conformance suite's charge point (docs/ocpp-conformance.md): ocpp-ts, an OCPP 1.6J library the product does
 * not use (the central system runs on ocpp-rpc), so that the server is checked against another reading of the
 * protocol. ocpp-ts validates every call the server sends against its own copy of the 1.6 schemas and answers a
 * CALLERROR (FormationViolation) to one that does not match, and NotImplemented to an action nobody answers here.
 */
import { OcppClient } from 'ocpp-ts';
import { CHARGE_POINT_PASSWORD } from '../test/ocpp-builders';

/** A call the server sent to this charge point, with the answer it got. */
export interface ReceivedCall {
  action: string;
  payload: Record<string, unknown>;
}

/** The websocket under ocpp-ts's connection (the library keeps it private). */
interface RawSocket {
  send(data: string): void;
  terminate(): void;
}

type Answer = (payload: Record<string, unknown>) => object | Promise<object>;

/** The CALLERROR the server answered instead of a result. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export class ConformanceChargePoint {
  private readonly client: OcppClient;
  private get socket() {
    return (this.client as unknown as { connection: { socket: RawSocket } | null }).connection?.socket ?? null;
  }
  private closedWith: Promise<{ code: number }>;
  /** Every call the server sent, in order (answered or not). */
  readonly received: ReceivedCall[] = [];
  /** How many calls of each action have been answered. */
  private readonly answered = new Map<string, number>();

  constructor(readonly identity: string) {
    this.client = new OcppClient(identity);
    // An EventEmitter without an 'error' listener throws: errors are read through connect() and closed().
    this.client.on('error', () => undefined);
    this.closedWith = new Promise((resolve) => {
      this.client.on('close', (code: number) => resolve({ code }));
    });
  }

  /** Opens the websocket at `{endpoint}/{identity}` with HTTP Basic auth; rejects with the HTTP status refused. */
  async connect(endpoint: string, password: string | null = CHARGE_POINT_PASSWORD) {
    const headers =
      password === null
        ? {}
        : { authorization: `Basic ${Buffer.from(`${this.identity}:${password}`).toString('base64')}` };
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => {
        this.client.off('connect', onConnect);
        const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
        reject(status ? new CallError(`HTTP ${status}`, error.message) : error);
      };
      const onConnect = () => {
        this.client.off('error', onError);
        resolve();
      };
      this.client.once('error', onError);
      this.client.once('connect', onConnect);
      this.client.connect(`${endpoint}/`, headers);
    });
    return this;
  }

  /** Sends a call and answers its result; a CALLERROR rejects with CallError (its OCPP error code). */
  async call<T = Record<string, unknown>>(action: string, payload: unknown): Promise<T> {
    try {
      // ocpp-ts types only the actions a charge point may send: the error paths send others on purpose.
      return (await (this.client as unknown as { callRequest(a: string, p: unknown): Promise<T> }).callRequest(
        action,
        payload,
      )) as T;
    } catch (error) {
      // ocpp-ts builds its OcppError as an ES5 subclass of Error: what arrives is an Error carrying the code.
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string') {
        throw new CallError(code, (error as Error).message);
      }
      throw error;
    }
  }

  /** The OCPP error code the server answers this call with (fails the test when it answers a result). */
  async errorOf(action: string, payload: unknown) {
    try {
      const result = await this.call(action, payload);
      return `answered ${JSON.stringify(result)}`;
    } catch (error) {
      return error instanceof CallError ? error.code : String(error);
    }
  }

  /** Answers the server's `action` calls with `answer`; an action without one gets NotImplemented. */
  answer(action: string, answer: Answer) {
    this.client.removeAllListeners(action);
    this.client.on(
      action as 'Reset',
      ((payload: Record<string, unknown>, reply: (response: object) => void) => {
        this.received.push({ action, payload });
        // An answer that fails (its connection gone meanwhile) is never given: the server's call times out.
        void Promise.resolve()
          .then(() => answer(payload))
          .then((response) => {
            reply(response);
            this.answered.set(action, (this.answered.get(action) ?? 0) + 1);
          })
          .catch(() => undefined);
      }) as never,
    );
    return this;
  }

  /**
   * What a charge point does a moment after answering a command (the session it stops, the status it reports): run
   * after `ms`; a failure is left to the test's own check of its effect (the connection may be gone by then).
   */
  soon(work: () => Promise<unknown>, ms = 20) {
    setTimeout(() => void work().catch(() => undefined), ms);
  }

  /** The calls of `action` the server has sent so far. */
  receivedOf(action: string) {
    return this.received.filter((call) => call.action === action).map((call) => call.payload);
  }

  /** How many `action` calls this charge point has answered. */
  answeredOf(action: string) {
    return this.answered.get(action) ?? 0;
  }

  /** Sends a frame as it is, outside the library's framing (malformed JSON, oversized frames). */
  sendRaw(frame: string) {
    if (!this.socket) {
      throw new Error(`${this.identity} is not connected`);
    }
    this.socket.send(frame);
  }

  /** Resolves with the close code once the server (or close()) has closed the websocket. */
  closed() {
    return this.closedWith;
  }

  /** Drops the connection (no closing handshake); nothing to do when it is not open. */
  async close() {
    const socket = this.socket;
    if (socket) {
      socket.terminate();
      await this.closedWith;
    }
  }
}
