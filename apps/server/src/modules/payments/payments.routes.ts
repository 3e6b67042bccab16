import { formatSom, ZErrorBody, ZPageQuery, ZValidationErrorBody, translateMessage, type TLanguage } from '@zaryad/contracts';
import {
  ZAppPayment,
  ZAppPaymentPage,
  ZAppTopUp,
  ZAppTopUpBody,
  ZAutoTopUp,
  ZAutoTopUpBody,
  ZCardPaymentDetail,
  ZCardPaymentExportQuery,
  ZCardPaymentListQuery,
  ZCardPaymentPage,
  ZCardPaymentTotals,
  ZCardRefundBody,
  ZCardWallet,
  ZLedgerResult,
  ZSavedCards,
} from '@zaryad/contracts/payments';
import { ZIdParam } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDetail } from '../../http/errors';
import { currentAccount } from '../../http/auth';
import { column, dateTimeCell, exportRoute, moneyCell, numberCell, textCell, wordCell } from '../../platform/export';
import { idempotencyHeaders, idempotencyKeyOf } from '../../platform/idempotency-key';
import { appUsers } from '../users';
import { currentDriver } from '../drivers';
import type { AutoTopUps } from './payments.auto-top-up';
import { CALLBACK_PATH, cardPaymentConditions, type Payments, RETURN_PATH } from './payments.service';
import { cardPayments } from './payments.tables';
import { desc, eq, type SQL } from 'drizzle-orm';

const errors = { 400: ZValidationErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const tags = ['card payments'];

/** Form bodies (the provider's callback) as a flat record; the last of a repeated field wins. */
const formFields = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

const STATUS_WORDS = {
  ru: { created: 'Создан', pending: 'Ожидает оплаты', paid: 'Оплачен', failed: 'Не прошёл', expired: 'Истёк' },
  en: { created: 'Created', pending: 'Awaiting payment', paid: 'Paid', failed: 'Failed', expired: 'Expired' },
  ky: {
    created: 'Түзүлдү',
    pending: 'Төлөм күтүлүүдө',
    paid: 'Төлөндү',
    failed: 'Өткөн жок',
    expired: 'Мөөнөтү бүттү',
  },
} as const;

const KIND_WORDS = {
  ru: { top_up: 'Пополнение', auto_top_up: 'Автопополнение' },
  en: { top_up: 'Top-up', auto_top_up: 'Automatic top-up' },
  ky: { top_up: 'Толуктоо', auto_top_up: 'Авто толуктоо' },
} as const;

/** The return page's link to the drivers' web app (docs/product/driver-app.md), in the driver's language. */
const BACK_TO_APP = { ru: 'Вернуться в кошелёк', en: 'Back to the wallet', ky: 'Капчыкка кайтуу' } as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The drivers' app's payments: /api/app/v1/payments/ (docs/product/app-api.md, docs/product/payments.md). */
export const appPaymentRoutes = async (
  fastify: FastifyInstance,
  { payments, autoTopUps }: { payments: Payments; autoTopUps: AutoTopUps },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The provider posts its callback as a form; only this plugin's routes read forms.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, formFields(String(body))),
  );

  app.post(
    '/top-up/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: "Starts a card top-up of the driver's balance through the payment provider (FreedomPay)",
        description:
          "Answers the payment (status pending) and the provider's page to open; the balance is credited once the provider's signed callback (or a status check) says it is paid, once whatever arrives twice. 503 `payments_unavailable` when no provider is configured, 502 `payment_provider_failed` when it refused. Send an `Idempotency-Key` to make retries answer the same payment.",
        headers: idempotencyHeaders('driver, amount'),
        body: ZAppTopUpBody,
        response: { 201: ZAppTopUp, ...errors, 409: ZErrorBody, 502: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      if (key === null) {
        return sendDetail(reply, request, 400, 'idempotency_key_invalid');
      }
      const driver = currentDriver(request);
      return reply
        .code(201)
        .send(
          await payments.topUp(
            { userId: driver.userId, language: request.language },
            request.body.amount,
            key,
            request.body.save_card === true,
          ),
        );
    },
  );

  app.get(
    '/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: "The driver's card payments, newest first",
        querystring: ZPageQuery.pick({ page: true, size: true }),
        response: { 200: ZAppPaymentPage, ...errors },
      },
    },
    async (request) => payments.appPayments(currentDriver(request).userId, request.query.page, request.query.size),
  );

  app.get(
    '/cards/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: "The driver's saved cards (kept by a top-up with save_card), newest first",
        response: { 200: ZSavedCards, ...errors },
      },
    },
    async (request) => autoTopUps.cards(currentDriver(request).userId),
  );

  app.delete(
    '/cards/:id/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: 'Forgets a saved card; an automatic top-up from it stops (`stopped: card_removed`)',
        params: ZIdParam,
        response: { 204: z.null(), ...errors, 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      await autoTopUps.removeCard(currentDriver(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auto-top-up/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: "The driver's automatic top-up: on or off, its card, threshold and amount, failures in a row",
        response: { 200: ZAutoTopUp, ...errors },
      },
    },
    async (request) => autoTopUps.settings(currentDriver(request).userId),
  );

  app.put(
    '/auto-top-up/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: 'Turns the automatic top-up on or off and sets its card, threshold and amount',
        description:
          'Whenever the available balance (balance − holds) is below `threshold`, `amount` is charged to the saved card `card_id` (required to turn it on) through the provider, at most one at a time and not more often than AUTO_TOP_UP_PAUSE_S. Three failures in a row stop it (`stopped: card_failed`) until it is turned on again.',
        body: ZAutoTopUpBody,
        response: { 200: ZAutoTopUp, ...errors },
      },
    },
    async (request) => autoTopUps.update(currentDriver(request).userId, request.body),
  );

  app.get(
    '/:id/',
    {
      config: { permission: 'signed_in' },
      schema: {
        tags: ['money'],
        summary: "One of the driver's card payments; one still open a minute after it began is asked of the provider",
        params: ZIdParam,
        response: { 200: ZAppPayment, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => payments.appPayment(currentDriver(request).userId, request.params.id),
  );

  // The provider's result callback (pg_result_url): signed by the provider, no token. Without the trailing slash:
  // FreedomPay signs with the URL's last segment, which a trailing slash would leave empty in some of its code.
  for (const method of ['POST', 'GET'] as const) {
    app.route({
      method,
      url: CALLBACK_PATH.replace('/api/app/v1/payments', ''),
      config: { permission: 'public' },
      schema: {
        tags: ['money'],
        summary: "FreedomPay's result callback (pg_result_url): verified by its signature, settled once",
        description:
          "A form (or query) of pg_* fields signed with the merchant secret. Answers the provider's signed XML: `ok` (taken, or a repeat of a settled payment), `rejected` (an unknown order, an amount that is not the order's), or `error` with 400 (a signature that does not verify: nothing changes).",
        security: [],
        ...(method === 'POST'
          ? { body: z.record(z.string(), z.string()) }
          : { querystring: z.record(z.string(), z.string()) }),
      },
      handler: async (request, reply) => {
        if (!payments.available()) {
          return sendDetail(reply, request, 503, 'payments_unavailable');
        }
        const fields = (method === 'POST' ? request.body : request.query) as Record<string, string>;
        const { status, answer } = await payments.callback(fields ?? {});
        return reply.code(status).type(answer.contentType).send(answer.body);
      },
    });
  }

  // Where the provider's page sends the driver's browser back: how the payment went, in the driver's language.
  app.get(
    RETURN_PATH.replace('/api/app/v1/payments', ''),
    {
      config: { permission: 'public' },
      schema: {
        tags: ['money'],
        summary: "The page the provider's page returns the driver to: the payment's outcome, in ru, en or ky",
        security: [],
        querystring: z.object({ order: z.string().max(64).optional(), result: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      const language: TLanguage = request.language;
      const payment = request.query.order ? await payments.byOrder(request.query.order) : undefined;
      const text =
        payment?.status === 'paid'
          ? translateMessage(`payment_return_paid:${formatSom(payment.amount)}`, language)
          : payment &&
              (payment.status === 'failed' || payment.status === 'expired' || request.query.result === 'failure')
            ? translateMessage('payment_return_failed', language)
            : translateMessage('payment_return_pending', language);
      const title = translateMessage('payment_description', language);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            `<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f5f7fa;color:#1f2329}` +
            `main{max-width:420px;margin:24px;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:20px;margin:0 0 12px}a{color:#17786f;font-weight:600}</style></head>` +
            `<body><main><h1>${escapeHtml(title)}</h1><p id="outcome" data-status="${escapeHtml(payment?.status ?? 'unknown')}">${escapeHtml(text)}</p>` +
            `<p><a href="/app/wallet">${escapeHtml(BACK_TO_APP[language])}</a></p></main></body></html>`,
        );
    },
  );
};

/** The dashboard's card payments: /api/v1/card-payments/ (docs/product/payments.md#7-calls). */
export const cardPaymentRoutes = async (
  fastify: FastifyInstance,
  { payments, autoTopUps }: { payments: Payments; autoTopUps: AutoTopUps },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wallets/:id/',
    {
      config: { permission: 'card_payments.view' },
      schema: {
        tags,
        summary: "A driver's saved cards and automatic top-up (the user screen's card block)",
        description: 'By the app user id; a driver who never saved a card answers no cards and the automatic top-up off.',
        params: ZIdParam,
        response: { 200: ZCardWallet, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => autoTopUps.wallet(request.params.id),
  );

  app.get(
    '/',
    {
      config: { permission: 'card_payments.view' },
      schema: {
        tags,
        summary:
          'Card payments through the provider, newest first, paged; status, user, period (Bishkek days of creation), search by order id or provider id',
        querystring: ZCardPaymentListQuery,
        response: { 200: ZCardPaymentPage, ...errors },
      },
    },
    async (request) => payments.list(request.query),
  );

  app.get(
    '/totals/',
    {
      config: { permission: 'card_payments.view' },
      schema: {
        tags,
        summary: "The filtered payments' count, the sum paid and the sum refunded to cards",
        querystring: ZCardPaymentListQuery,
        response: { 200: ZCardPaymentTotals, ...errors },
      },
    },
    async (request) => payments.totals(request.query),
  );

  exportRoute(fastify, {
    path: '/export/',
    permission: 'card_payments.export',
    tags,
    summary: "The card payments the list's filters select, in its order, as a file.",
    querystring: ZCardPaymentExportQuery,
    entity: 'card-payments',
    sheet: { ru: 'Платежи картой', en: 'Card payments', ky: 'Карта менен төлөмдөр' },
    rows: (filters, language) => ({
      query: (fields: Record<string, SQL.Aliased>) =>
        fastify.database.db
          .select(fields)
          .from(cardPayments)
          .innerJoin(appUsers, eq(appUsers.id, cardPayments.userId))
          .where(cardPaymentConditions(filters))
          .orderBy(desc(cardPayments.createdAt), desc(cardPayments.id)),
      columns: [
        column(['ID', 'ID', 'ID'], 8, numberCell(cardPayments.id)),
        column(['Создан', 'Created', 'Түзүлгөн'], 20, dateTimeCell(cardPayments.createdAt)),
        column(['Пользователь', 'User', 'Колдонуучу'], 28, textCell(appUsers.name)),
        column(['Лицевой счёт', 'Personal account', 'Жеке эсеп'], 16, textCell(appUsers.personalAccount)),
        column(['Вид', 'Kind', 'Түрү'], 18, wordCell(cardPayments.kind, KIND_WORDS[language])),
        column(['Номер заказа', 'Order id', 'Буйрутманын номери'], 22, textCell(cardPayments.orderId)),
        column(
          ['ID в платёжной системе', 'Provider id', 'Төлөм системасындагы ID'],
          18,
          textCell(cardPayments.providerPaymentId),
        ),
        column(['Сумма, сом', 'Amount, som', 'Суммасы, сом'], 14, moneyCell(cardPayments.amount)),
        column(['Возвращено, сом', 'Refunded, som', 'Кайтарылды, сом'], 14, moneyCell(cardPayments.refunded)),
        column(['Статус', 'Status', 'Абалы'], 16, wordCell(cardPayments.status, STATUS_WORDS[language])),
        column(['Карта', 'Card', 'Карта'], 20, textCell(cardPayments.card)),
        column(['Оплачен', 'Paid at', 'Төлөнгөн'], 20, dateTimeCell(cardPayments.paidAt)),
      ],
    }),
  });

  app.get(
    '/:id/',
    {
      config: { permission: 'card_payments.view' },
      schema: {
        tags,
        summary: 'A card payment with its refunds and everything the provider said about it, in order',
        params: ZIdParam,
        response: { 200: ZCardPaymentDetail, ...errors, 404: ZErrorBody },
      },
    },
    async (request) => payments.detail(request.params.id),
  );

  app.post(
    '/:id/refund/',
    {
      config: { permission: 'card_payments.refund' },
      schema: {
        tags,
        summary: 'Refunds part or all of a paid card payment to its card through the provider',
        description:
          "The amount is taken from the driver's balance in the same transaction, never more than the payment has left (`refund_more_than_left`) nor than the driver has available (`refund_balance_too_low`); the provider is asked first, and a refusal (502 `refund_provider_failed`) changes nothing. In the ledger (basis refund, method other_card, naming the payment) and the audit log.",
        params: ZIdParam,
        body: ZCardRefundBody,
        response: { 201: ZLedgerResult, ...errors, 404: ZErrorBody, 409: ZErrorBody, 502: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await payments.refundToCard(request.params.id, request.body, currentAccount(request), request.language)),
  );
};
