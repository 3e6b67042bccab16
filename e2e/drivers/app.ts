import type { APIRequestContext } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import type { TAppSession } from '@zaryad/contracts/app';
import { SimulatedChargePoint } from '@zaryad/server/ocpp-simulator';
import { E2E_BASE_URL, E2E_PORT } from '../env';
import { STATION_PASSWORD } from '../support/charge-points';

/** What the drivers' app sends with each call (docs/product/app-api.md). */
export const APP_HEADERS = { 'x-app-platform': 'android', 'x-app-version': '2.4.0', 'accept-language': 'en' };

/** Open every day, all day (an end at midnight is the day's end): the test runs at any hour. */
export const ROUND_THE_CLOCK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  start_time: '00:00:00',
  end_time: '00:00:00',
  is_break: false,
}));

export interface AppDriver {
  id: number;
  phone: string;
  headers: Record<string, string>;
  /** The sign-in's pair, for a browser to hold as the drivers' web app does (its `zaryad.driver.session`). */
  tokens: { access: string; refresh: string };
}

/** The newest code texted to `phone` (`996…`), read from the SMS outbox as the superadmin `admin`. */
export async function readSmsCode(request: APIRequestContext, admin: TTokenPair, phone: string): Promise<string> {
  const outbox = await request.get(`/api/v1/sms-outbox/?search=${phone}&size=1`, {
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  const { items } = (await outbox.json()) as { items: { text: string }[] };
  const code = /\d{6}/.exec(items[0]?.text ?? '')?.[0];
  if (!code) {
    throw new Error(`no code in the outbox for ${phone}: ${JSON.stringify(items)}`);
  }
  return code;
}

/**
 * A driver signs in as the app does: a code asked for by phone number, read from the SMS outbox (where the
 * superadmin `admin` sees it while no gateway is configured), and checked.
 */
export async function signInDriver(request: APIRequestContext, admin: TTokenPair): Promise<AppDriver> {
  const phone = `99675${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const asked = await request.post('/api/app/v1/auth/code/', { data: { phone }, headers: APP_HEADERS });
  if (asked.status() !== 202) {
    throw new Error(`no code was sent: ${asked.status()} ${await asked.text()}`);
  }
  const code = await readSmsCode(request, admin, phone);
  const verified = await request.post('/api/app/v1/auth/verify/', { data: { phone, code }, headers: APP_HEADERS });
  if (verified.status() !== 200) {
    throw new Error(`the code was not accepted: ${verified.status()} ${await verified.text()}`);
  }
  const { access, refresh, user } = (await verified.json()) as {
    access: string;
    refresh: string;
    user: { id: number };
  };
  return {
    id: user.id,
    phone,
    headers: { ...APP_HEADERS, authorization: `Bearer ${access}` },
    tokens: { access, refresh },
  };
}

/**
 * The simulated charge point of a station made by support/network.ts with one connector: it answers a remote start
 * by starting the session (Authorize, StartTransaction, Charging) and sends a meter value every second.
 */
export async function connectMeteredChargePoint(identity: string) {
  const point = new SimulatedChargePoint({
    endpoint: `ws://127.0.0.1:${E2E_PORT}/ocpp`,
    identity,
    password: STATION_PASSWORD,
    connectors: [1],
    meterEveryMs: 1_000,
  });
  await point.connect();
  await point.boot();
  return point;
}

/**
 * The session's server-sent events as the app holds them open (GET /charging/events/): `next(test)` waits for the
 * first event from now on whose session passes `test`, and answers it.
 */
export async function openSessionStream(driver: AppDriver) {
  const controller = new AbortController();
  const response = await fetch(`${E2E_BASE_URL}/api/app/v1/charging/events/`, {
    headers: { ...driver.headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) {
    throw new Error(`the session stream answered ${response.status}`);
  }
  const sessions: TAppSession[] = [];
  const waiters = new Set<() => void>();
  const reading = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) {
          sessions.push(JSON.parse(data.slice(6)) as TAppSession);
          for (const wake of waiters) {
            wake();
          }
        }
      }
    }
  })().catch(() => undefined);
  let seen = 0;
  return {
    sessions,
    /** The next event (after those already taken) whose session passes `test`; fails after `timeoutMs`. */
    next: (test: (session: TAppSession) => boolean, timeoutMs = 15_000) =>
      new Promise<TAppSession>((resolve, reject) => {
        const look = () => {
          while (seen < sessions.length) {
            const session = sessions[seen]!;
            seen += 1;
            if (test(session)) {
              waiters.delete(look);
              clearTimeout(timer);
              resolve(session);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(`no such session event within ${timeoutMs} ms; the last: ${JSON.stringify(sessions.at(-1))}`),
          );
        }, timeoutMs);
        waiters.add(look);
        look();
      }),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
