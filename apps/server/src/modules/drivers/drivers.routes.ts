import type { ServerResponse } from 'node:http';
import { ZErrorBody, ZValidationErrorBody, translateMessage } from '@zaryad/contracts';
import {
  ZAppBalance,
  ZAppChargeIdParam,
  ZAppChargeListQuery,
  ZAppChargePage,
  ZAppCharge,
  ZAppDetail,
  ZAppDeviceBody,
  ZAppDeviceList,
  ZAppProfile,
  ZAppProfileUpdate,
  ZAppPromoCodeBody,
  ZAppPromoCodeRedeemed,
  ZAppRefreshBody,
  ZAppSession,
  ZAppSignIn,
  ZAppStart,
  ZAppStartBody,
  ZAppStatementPage,
  ZAppStatementQuery,
  ZAppStop,
  ZAppTokens,
  ZOtpRequestBody,
  ZOtpRequested,
  ZOtpVerifyBody,
} from '@zaryad/contracts/app';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openEventStream, wantsEventStream } from '../../platform/event-stream';
import type { OcppBus } from '../ocpp';
import { currentDriver } from './drivers.auth';
import type { Charging } from './drivers.charging';
import type { DriverAccount } from './drivers.me';
import type { SignIn } from './drivers.sign-in';

export interface DriverRuntime {
  bus: OcppBus | null;
  /** Open session streams, ended when the app closes. */
  streams: Set<ServerResponse>;
}

export interface DriverRoutesOptions {
  signIn: SignIn;
  account: DriverAccount;
  charging: Charging;
  runtime: DriverRuntime;
}

const signedIn = { permission: 'signed_in' } as const;
const open = { permission: 'public' } as const;
const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** The app's session channel on the OCPP bus: a start or stop of a driver wakes their streams in every process. */
export const SESSION_EVENT = 'app_session';

/** /api/app/v1/: sign-in, the driver's own data, charging. Stations and content: drivers.catalogue.routes.ts. */
export const driverRoutes = async (fastify: FastifyInstance, options: DriverRoutesOptions) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { signIn, account, charging, runtime } = options;
  const tellSession = (userId: number) =>
    runtime.bus?.publish('ocpp_events', { type: SESSION_EVENT, userId }).catch(() => undefined);

  app.post(
    '/auth/code/',
    {
      config: open,
      schema: {
        tags: ['sign-in'],
        summary: 'Sends a one-time sign-in code by SMS to a Kyrgyz mobile number (+996)',
        description:
          'The code has 6 digits and lives 5 minutes. A number gets a new code at most once a minute and OTP_LIMIT_PER_NUMBER codes an hour; a client OTP_LIMIT_PER_CLIENT: beyond, 429 with Retry-After. The answer is the same for a known and a new number.',
        security: [],
        body: ZOtpRequestBody,
        response: { 202: ZOtpRequested, 400: ZValidationErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => reply.code(202).send(await signIn.requestCode(request.body.phone, request)),
  );

  app.post(
    '/auth/verify/',
    {
      config: open,
      schema: {
        tags: ['sign-in'],
        summary: 'Checks the code and signs in: the app’s access and refresh tokens; a new number registers',
        description:
          'Headers X-App-Platform (ios, android, web) and X-App-Version describe the device. A wrong or expired code answers 400 on code; wrong codes slow the client down and then answer 429; a code dies after 5 wrong guesses. referral_code (a friend’s) counts only at registration. A blocked driver gets 403.',
        security: [],
        body: ZOtpVerifyBody,
        response: { 200: ZAppSignIn, ...errors, 429: ZErrorBody },
      },
    },
    async (request) => signIn.verify(request.body, request),
  );

  app.post(
    '/auth/refresh/',
    {
      config: open,
      schema: {
        tags: ['sign-in'],
        summary: 'A new token pair for the refresh token; a refresh token already used ends the sign-in',
        security: [],
        body: ZAppRefreshBody,
        response: { 200: ZAppTokens, ...errors },
      },
    },
    async (request) => signIn.refresh(request.body.refresh, request),
  );

  app.post(
    '/auth/logout/',
    {
      config: signedIn,
      schema: { tags: ['sign-in'], summary: 'Ends this sign-in', response: { 200: ZAppDetail, ...errors } },
    },
    async (request) => {
      await signIn.signOut(currentDriver(request).sessionId);
      return { detail: translateMessage('app_signed_out', request.language) };
    },
  );

  app.post(
    '/auth/logout-all/',
    {
      config: signedIn,
      schema: {
        tags: ['sign-in'],
        summary: 'Ends every sign-in of the driver',
        response: { 200: ZAppDetail, ...errors },
      },
    },
    async (request) => {
      await signIn.signOutEverywhere(currentDriver(request).userId);
      return { detail: translateMessage('app_signed_out_everywhere', request.language) };
    },
  );

  app.get(
    '/me/',
    {
      config: signedIn,
      schema: { tags: ['profile'], summary: 'The driver’s profile', response: { 200: ZAppProfile, ...errors } },
    },
    async (request) => account.profile(currentDriver(request).userId),
  );

  app.patch(
    '/me/',
    {
      config: signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Changes the fields sent: name, email, gender, birthday, car, driver licence, language',
        body: ZAppProfileUpdate,
        response: { 200: ZAppProfile, ...errors },
      },
    },
    async (request) => account.update(currentDriver(request).userId, request.body),
  );

  app.delete(
    '/me/',
    {
      config: signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Deletes the driver’s account: personal data wiped, the number freed, the ledger and charges kept',
        response: { 200: ZAppDetail, ...errors },
      },
    },
    async (request) => {
      await signIn.deleteAccount(currentDriver(request).userId);
      return { detail: translateMessage('app_account_deleted', request.language) };
    },
  );

  app.put(
    '/me/device/',
    {
      config: signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Registers this device’s push token (FCM or APNs) for this sign-in',
        body: ZAppDeviceBody,
        response: { 200: ZAppDeviceList, ...errors },
      },
    },
    async (request) => {
      const driver = currentDriver(request);
      await account.setPushToken(driver.sessionId, request.body.push_provider, request.body.push_token);
      return { items: await account.devices(driver.userId) };
    },
  );

  app.get(
    '/me/devices/',
    {
      config: signedIn,
      schema: {
        tags: ['profile'],
        summary: 'The driver’s signed-in devices',
        response: { 200: ZAppDeviceList, ...errors },
      },
    },
    async (request) => ({ items: await account.devices(currentDriver(request).userId) }),
  );

  app.get(
    '/balance/',
    {
      config: signedIn,
      schema: {
        tags: ['money'],
        summary: 'The driver’s balance, and the least one that lets a charge start (a start needs more)',
        response: { 200: ZAppBalance, ...errors },
      },
    },
    async (request) => account.balance(currentDriver(request).userId),
  );

  app.get(
    '/statement/',
    {
      config: signedIn,
      schema: {
        tags: ['money'],
        summary: 'The driver’s ledger, newest first: each entry with the balance after it',
        querystring: ZAppStatementQuery,
        response: { 200: ZAppStatementPage, ...errors },
      },
    },
    async (request) => account.statement(currentDriver(request).userId, request.query.page, request.query.size),
  );

  app.post(
    '/promo-codes/',
    {
      config: signedIn,
      schema: {
        tags: ['money'],
        summary: 'Redeems a promo code for the driver: its promotion’s discount applies to their next charges',
        description:
          'The operators’ redemption (POST /api/v1/promo-codes/redeem/): validity, total and per-driver limits.',
        body: ZAppPromoCodeBody,
        response: { 201: ZAppPromoCodeRedeemed, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await account.redeem(currentDriver(request).userId, request.body.code, request.ip, request.language)),
  );

  app.post(
    '/charging/start/',
    {
      config: signedIn,
      schema: {
        tags: ['charging'],
        summary: 'Starts a charge on a connector: RemoteStartTransaction with the driver’s app id tag',
        description:
          'Refused with 409 and a reason: the balance too low (app_balance_too_low), a charge of the driver already running or starting, the station closed by its schedule or offline, the connector busy or out of order, the charge point refusing; 503 when it does not answer; 404 for an unknown connector or one of an inactive station or merchant. Of two drivers starting one connector at once, one wins. The charge appears in GET /charging/ (and its stream) when the charge point sends StartTransaction.',
        body: ZAppStartBody,
        response: { 202: ZAppStart, ...errors, 404: ZErrorBody, 409: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const driver = currentDriver(request);
      try {
        return reply
          .code(202)
          .send(await charging.start(driver.userId, request.body.connector_id, driver.client, request.language));
      } finally {
        void tellSession(driver.userId);
      }
    },
  );

  app.get(
    '/charging/',
    {
      config: signedIn,
      schema: {
        tags: ['charging'],
        summary:
          'The driver’s session now: running charges (status, kWh, power, duration, cost so far) and starts waiting',
        response: { 200: ZAppSession, ...errors },
      },
    },
    async (request) => charging.session(currentDriver(request).userId, request.language),
  );

  app.get(
    '/charging/events/',
    {
      config: signedIn,
      schema: {
        tags: ['charging'],
        summary: 'Server-sent events: the session (as GET /charging/) at once and whenever it changes',
        description:
          'Each event is `data: <the session as JSON>`: on opening, then on every meter value, status or start and stop of the driver’s charges. Streams while the request accepts text/event-stream.',
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const driver = currentDriver(request);
      const { language } = request;
      if (!wantsEventStream(request)) {
        return reply
          .type('text/event-stream; charset=utf-8')
          .send(`data: ${JSON.stringify(await charging.session(driver.userId, language))}\n\n`);
      }
      let closed = false;
      let stations = new Set<number>();
      let running = false;
      let again = false;
      // One read at a time; events meanwhile fold into one more read after it.
      const push = async () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          do {
            again = false;
            stations = await charging.sessionStations(driver.userId);
            const session = await charging.session(driver.userId, language);
            if (!closed) {
              response.write(`data: ${JSON.stringify(session)}\n\n`);
            }
          } while (again && !closed);
        } catch (error) {
          request.log.warn({ err: error }, 'the driver session stream could not be read');
        } finally {
          running = false;
        }
      };
      // Heard only once the stream below is open: the bus delivers on a later turn.
      const unsubscribe = runtime.bus?.subscribe('ocpp_events', (message) => {
        const event = message as { type?: unknown; stationId?: unknown; userId?: unknown } | null;
        const mine =
          (event?.type === SESSION_EVENT && event.userId === driver.userId) ||
          (typeof event?.stationId === 'number' && stations.has(event.stationId));
        if (mine) {
          void push();
        }
      });
      const response = openEventStream(request, reply, () => {
        closed = true;
        unsubscribe?.();
        runtime.streams.delete(response);
      });
      runtime.streams.add(response);
      await push();
    },
  );

  app.post(
    '/charging/:id/stop/',
    {
      config: signedIn,
      schema: {
        tags: ['charging'],
        summary: 'Stops the driver’s running charge: RemoteStopTransaction; the receipt follows its StopTransaction',
        description: 'Another driver’s charge, or an unknown one, answers 404; one that has ended 409.',
        params: ZAppChargeIdParam,
        response: { 200: ZAppStop, ...errors, 404: ZErrorBody, 409: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request) => {
      const driver = currentDriver(request);
      try {
        return await charging.stop(driver.userId, request.params.id, request.language);
      } finally {
        void tellSession(driver.userId);
      }
    },
  );

  app.get(
    '/charges/',
    {
      config: signedIn,
      schema: {
        tags: ['charging'],
        summary: 'The driver’s charges, newest first, each with its cost breakdown once it ended',
        querystring: ZAppChargeListQuery,
        response: { 200: ZAppChargePage, ...errors },
      },
    },
    async (request) =>
      charging.history(currentDriver(request).userId, request.query.page, request.query.size, request.language),
  );

  app.get(
    '/charges/:id/',
    {
      config: signedIn,
      schema: {
        tags: ['charging'],
        summary: 'One of the driver’s charges: live while it runs, its receipt (the cost breakdown) once it ended',
        params: ZAppChargeIdParam,
        response: { 200: ZAppCharge, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => charging.charge(currentDriver(request).userId, request.params.id, request.language),
  );
};
