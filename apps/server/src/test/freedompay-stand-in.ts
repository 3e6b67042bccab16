import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { formatSom, parseTyiyn } from '@zaryad/contracts';

/**
 * A local stand-in of FreedomPay's merchant API for tests, end-to-end runs and development: a real HTTP server that
 * speaks the protocol payments.freedompay.ts speaks (form POSTs signed with pg_sig, flat signed XML answers), keeps its
 * payments in memory, serves a payment page a browser can press, and sends the signed result callback to the payment's
 * pg_result_url as FreedomPay does.
 *
 * It signs and checks signatures with its own few lines, not with the adapter's functions, so that a mistake in the
 * adapter's signing is not mirrored here and passed over.
 *
 * - `POST /init_payment.php`: a new payment (`pending`); answers pg_payment_id and pg_redirect_url (`<url>/pay/<id>`).
 * - `POST /get_status3.php`: by pg_payment_id, else the order's latest payment; an unknown one answers error 340.
 * - `POST /revoke.php`: refunds pg_refund_amount (the rest when absent) of a paid payment: `revoked` while some is
 *   left, `refunded` once all of it went back; more than is left, or a payment not paid, answers error 600.
 * - `POST /make_recurring_payment.php`: a payment from a saved card (pg_recurring_profile, made by a paid payment
 *   whose init_payment had pg_recurring_start 1; its callback named it in pg_recurring_profile_id): answers
 *   pg_payment_id at once, then settles as `setRecurringOutcome` says (success by default) and sends its callback; an
 *   unknown or removed profile answers error 350.
 * - `GET /pay/<id>`: the payment page; its buttons POST to `/pay/<id>`, which sends the callback (pg_result 1 or 0) and
 *   redirects (303) to pg_success_url or pg_failure_url.
 * - `GET /healthz`: 200, for a process that waits for the stand-in to be up.
 *
 * A request not signed with the merchant's secret answers pg_status error, code 9998 "Invalid signature"; an unknown
 * merchant 9999. Since callbacks go out with pg_can_reject 1, a paid payment whose callback we answer `rejected` is
 * refunded in full (status `refunded`), as FreedomPay does with a payment the merchant refuses. The error codes other
 * than 340 are the stand-in's own: a test should only rely on their being errors.
 */

export type TStandInPaymentStatus =
  'pending' | 'partial' | 'success' | 'failed' | 'revoked' | 'refunded' | 'incomplete';

export interface StandInCallback {
  /** The fields sent, pg_sig among them (unless left out on purpose). */
  fields: Record<string, string>;
  /** Our server's HTTP status; 0 when it could not be reached. */
  status: number;
  body: string;
  /** Our XML answer's fields; null when it was not such a document. */
  answer: Record<string, string> | null;
  /** Whether our answer is signed with the merchant's secret (script name: the result URL's last segment). */
  answerSignatureValid: boolean;
}

export interface StandInPayment {
  id: string;
  orderId: string;
  /** As init_payment received it ("150.00"). */
  amount: string;
  currency: string;
  description: string;
  phone: string;
  language: string;
  status: TStandInPaymentStatus;
  /** Refunded so far, som with 2 decimals. */
  refunded: string;
  /** The masked card, once the page was paid or declined ('' before). */
  cardPan: string;
  resultUrl: string;
  successUrl: string;
  failureUrl: string;
  /** The callbacks sent for this payment, in order, with our answers. */
  callbacks: readonly StandInCallback[];
  /** init_payment asked to keep the card (pg_recurring_start 1). */
  recurringStart: boolean;
  /** The recurring profile this payment made (once paid) or was charged from (make_recurring_payment). */
  recurringProfile: string;
}

export interface StandIn {
  /** The API base to give createFreedomPay's `url` (no trailing slash). */
  url: string;
  merchantId: string;
  /** A snapshot of the payments, in the order they were created. */
  readonly payments: readonly StandInPayment[];
  /** The scripts called, in order ('init_payment.php', 'get_status3.php', …), refused calls included. */
  readonly calls: readonly string[];
  /** What pressing the page's button does, without a browser: sends the callback and returns our answer. */
  pay(paymentId: string, options: { result: 'ok' | 'failed' }): Promise<{ status: number; body: string }>;
  /**
   * Sends the payment's result callback again as it stands (a repeat, a late one), or forged: `fields` replace or add
   * fields before signing (an unknown pg_order_id, another pg_amount), `signWith` signs with another secret, `omitSig`
   * leaves pg_sig out, `tamper` changes fields after signing.
   */
  sendCallback(
    paymentId: string,
    overrides?: {
      fields?: Record<string, string>;
      signWith?: string;
      omitSig?: boolean;
      tamper?: Record<string, string>;
    },
  ): Promise<{ status: number; body: string }>;
  /** Sets a payment's status as FreedomPay knows it (paid while its callback never came, say); no callback is sent. */
  setStatus(paymentId: string, status: TStandInPaymentStatus): void;
  /** The next call of `script` ('init_payment.php', 'get_status3.php', 'revoke.php') answers this signed error. */
  failNext(script: string, code: string | number, description: string): void;
  /** The next call of `script` never answers (until close): for timeouts. */
  hangNext(script: string): void;
  /**
   * How the next payments from saved cards go: `success` or `failed` (their callback sent right after the answer),
   * `hold` (left pending: pay() or setStatus() settles them later).
   */
  setRecurringOutcome(outcome: 'success' | 'failed' | 'hold'): void;
  /** Ends a recurring profile (the card expired, the bank withdrew it): charging it then answers error 350. */
  removeProfile(profileId: string): void;
  close(): Promise<void>;
}

const SCRIPTS = ['init_payment.php', 'get_status3.php', 'revoke.php', 'make_recurring_payment.php'] as const;
const CARD_NUMBER = '4400 4300 0000 1234';
const CARD_PAN = '440043******1234';

const sign = (scriptName: string, params: Record<string, string>, secret: string) => {
  const values = Object.keys(params)
    .filter((name) => name !== 'pg_sig')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => params[name] ?? '');
  return createHash('md5')
    .update([scriptName, ...values, secret].join(';'), 'utf8')
    .digest('hex');
};

const verify = (scriptName: string, params: Record<string, string>, secret: string) => {
  const expected = Buffer.from(sign(scriptName, params, secret));
  const given = Buffer.from(params.pg_sig ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const lastSegment = (url: string) => new URL(url, 'http://x').pathname.split('/').filter(Boolean).at(-1) ?? '';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const xmlOf = (fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<response>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('')}</response>`;

/** Our answer to a callback, read loosely: the stand-in records it, the adapter's own tests check it strictly. */
const readAnswer = (xml: string): Record<string, string> | null => {
  const body = /<response>([\s\S]*)<\/response>/.exec(xml)?.[1];
  if (body === undefined) {
    return null;
  }
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  const fields: Record<string, string> = {};
  for (const [, name = '', value = ''] of body.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) {
    fields[name] = value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) =>
      entity.startsWith('#x') || entity.startsWith('#X')
        ? String.fromCodePoint(parseInt(entity.slice(2), 16))
        : entity.startsWith('#')
          ? String.fromCodePoint(parseInt(entity.slice(1), 10))
          : (entities[entity] ?? whole),
    );
  }
  return fields;
};

const readForm = async (request: IncomingMessage): Promise<Record<string, string>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `2026-05-14 10:42:07`, as FreedomPay writes pg_payment_date. */
const paymentDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

interface Payment extends Omit<StandInPayment, 'callbacks' | 'refunded'> {
  amountTyiyn: bigint;
  refundedTyiyn: bigint;
  paidAt: Date | null;
  callbacks: StandInCallback[];
}

export const startFreedomPayStandIn = async (options: {
  merchantId: string;
  secretKey: string;
  port?: number;
  host?: string;
}): Promise<StandIn> => {
  const { merchantId, secretKey } = options;
  const host = options.host ?? '127.0.0.1';
  const payments = new Map<string, Payment>();
  const calls: string[] = [];
  const failures = new Map<string, { code: string; description: string }[]>();
  const hangs = new Map<string, number>();
  let nextId = 100_000_001;
  let nextProfile = 7_000_001;
  /** Recurring profiles: id → the card it charges, live until removed. */
  const profiles = new Map<string, { cardPan: string; expiry: string; removed: boolean }>();
  let recurringOutcome: 'success' | 'failed' | 'hold' = 'success';
  let url = '';

  const answerXml = (response: ServerResponse, script: string, fields: Record<string, string>) => {
    const signed: Record<string, string> = { ...fields, pg_salt: randomBytes(8).toString('hex') };
    signed.pg_sig = sign(script, signed, secretKey);
    response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    response.end(xmlOf(signed));
  };
  const answerError = (response: ServerResponse, script: string, code: string, description: string) =>
    answerXml(response, script, { pg_status: 'error', pg_error_code: code, pg_error_description: description });

  const findPayment = (fields: Record<string, string>) => {
    if (fields.pg_payment_id) {
      return payments.get(fields.pg_payment_id);
    }
    return [...payments.values()].filter((payment) => payment.orderId === fields.pg_order_id).at(-1);
  };

  const initPayment = (response: ServerResponse, fields: Record<string, string>) => {
    const amountTyiyn = /^\d{1,13}(\.\d{1,2})?$/.test(fields.pg_amount ?? '')
      ? parseTyiyn(fields.pg_amount ?? '')
      : null;
    const missing = ['pg_order_id', 'pg_amount', 'pg_description', 'pg_result_url'].filter((name) => !fields[name]);
    if (missing.length > 0 || amountTyiyn === null || amountTyiyn <= 0n) {
      answerError(response, 'init_payment.php', '101', `Invalid parameters: ${missing.join(', ') || 'pg_amount'}`);
      return;
    }
    const id = String(nextId++);
    payments.set(id, {
      id,
      orderId: fields.pg_order_id ?? '',
      amount: fields.pg_amount ?? '',
      amountTyiyn,
      currency: fields.pg_currency ?? 'KGS',
      description: fields.pg_description ?? '',
      phone: fields.pg_user_phone ?? '',
      language: fields.pg_language ?? 'ru',
      status: 'pending',
      refundedTyiyn: 0n,
      cardPan: '',
      resultUrl: fields.pg_result_url ?? '',
      successUrl: fields.pg_success_url ?? '',
      failureUrl: fields.pg_failure_url ?? '',
      paidAt: null,
      callbacks: [],
      recurringStart: fields.pg_recurring_start === '1',
      recurringProfile: '',
    });
    answerXml(response, 'init_payment.php', {
      pg_status: 'ok',
      pg_payment_id: id,
      pg_redirect_url: `${url}/pay/${id}`,
      pg_redirect_url_type: 'need data',
    });
  };

  const getStatus = (response: ServerResponse, fields: Record<string, string>) => {
    const payment = findPayment(fields);
    if (!payment || (fields.pg_order_id && payment.orderId !== fields.pg_order_id)) {
      answerError(response, 'get_status3.php', '340', 'Payment not found');
      return;
    }
    answerXml(response, 'get_status3.php', {
      pg_status: 'ok',
      pg_payment_id: payment.id,
      pg_order_id: payment.orderId,
      pg_payment_status: payment.status,
      pg_amount: payment.amount,
      pg_currency: payment.currency,
      ...(payment.refundedTyiyn > 0n ? { pg_refund_amount: formatSom(payment.refundedTyiyn) } : {}),
      ...(payment.cardPan ? { pg_card_pan: payment.cardPan } : {}),
      ...(payment.status === 'failed' ? { pg_failure_description: 'Операция отклонена банком' } : {}),
      ...profileFields(payment),
    });
  };

  /** A paid payment that made a recurring profile names it, as FreedomPay's callback and status do. */
  const profileFields = (payment: Payment): Record<string, string> => {
    const profile = payment.recurringStart && payment.recurringProfile ? profiles.get(payment.recurringProfile) : undefined;
    return profile && ['success', 'revoked', 'refunded'].includes(payment.status)
      ? { pg_recurring_profile_id: payment.recurringProfile, pg_recurring_profile_expiry_date: profile.expiry }
      : {};
  };

  const makeRecurringPayment = (response: ServerResponse, fields: Record<string, string>) => {
    const profileId = fields.pg_recurring_profile ?? '';
    const profile = profiles.get(profileId);
    if (!profile || profile.removed) {
      answerError(response, 'make_recurring_payment.php', '350', 'Recurring profile not found or expired');
      return;
    }
    const amountTyiyn = /^\d{1,13}(\.\d{1,2})?$/.test(fields.pg_amount ?? '') ? parseTyiyn(fields.pg_amount ?? '') : null;
    const missing = ['pg_order_id', 'pg_amount', 'pg_description', 'pg_result_url'].filter((name) => !fields[name]);
    if (missing.length > 0 || amountTyiyn === null || amountTyiyn <= 0n) {
      answerError(response, 'make_recurring_payment.php', '101', `Invalid parameters: ${missing.join(', ') || 'pg_amount'}`);
      return;
    }
    const id = String(nextId++);
    const payment: Payment = {
      id,
      orderId: fields.pg_order_id ?? '',
      amount: fields.pg_amount ?? '',
      amountTyiyn,
      currency: 'KGS',
      description: fields.pg_description ?? '',
      phone: '',
      language: 'ru',
      status: 'pending',
      refundedTyiyn: 0n,
      cardPan: profile.cardPan,
      resultUrl: fields.pg_result_url ?? '',
      successUrl: '',
      failureUrl: '',
      paidAt: null,
      callbacks: [],
      recurringStart: false,
      recurringProfile: profileId,
    };
    payments.set(id, payment);
    answerXml(response, 'make_recurring_payment.php', {
      pg_status: 'ok',
      pg_payment_id: id,
      pg_recurring_profile_id: profileId,
      pg_recurring_profile_expiry_date: profile.expiry,
    });
    const outcome = recurringOutcome;
    if (outcome !== 'hold') {
      // The bank answers a moment later; the callback follows the answer, as FreedomPay's does.
      setTimeout(() => void pay(id, { result: outcome === 'success' ? 'ok' : 'failed' }).catch(() => undefined), 20);
    }
  };

  const revoke = (response: ServerResponse, fields: Record<string, string>) => {
    const payment = fields.pg_payment_id ? payments.get(fields.pg_payment_id) : undefined;
    if (!payment) {
      answerError(response, 'revoke.php', '340', 'Payment not found');
      return;
    }
    const left = payment.amountTyiyn - payment.refundedTyiyn;
    const asked = fields.pg_refund_amount ? parseTyiyn(fields.pg_refund_amount) : left;
    if (payment.status !== 'success' && payment.status !== 'revoked') {
      answerError(response, 'revoke.php', '600', `Payment cannot be revoked: it is ${payment.status}`);
      return;
    }
    if (asked === null || asked <= 0n || asked > left) {
      answerError(response, 'revoke.php', '600', `Invalid refund amount: ${fields.pg_refund_amount ?? ''}`);
      return;
    }
    payment.refundedTyiyn += asked;
    payment.status = payment.refundedTyiyn === payment.amountTyiyn ? 'refunded' : 'revoked';
    answerXml(response, 'revoke.php', { pg_status: 'ok' });
  };

  const callbackFields = (payment: Payment): Record<string, string> => {
    const isPaid = ['success', 'revoked', 'refunded'].includes(payment.status);
    return {
      pg_order_id: payment.orderId,
      pg_payment_id: payment.id,
      pg_amount: payment.amount,
      pg_currency: payment.currency,
      pg_net_amount: payment.amount,
      pg_ps_amount: payment.amount,
      pg_ps_currency: payment.currency,
      pg_payment_system: 'BANKCARD',
      pg_description: payment.description,
      pg_result: isPaid ? '1' : '0',
      pg_payment_date: paymentDate(payment.paidAt ?? new Date()),
      pg_can_reject: '1',
      pg_user_phone: payment.phone,
      pg_card_pan: payment.cardPan || CARD_PAN,
      ...(isPaid ? {} : { pg_failure_code: '1001', pg_failure_description: 'Операция отклонена банком' }),
      ...profileFields(payment),
      pg_salt: randomBytes(8).toString('hex'),
    };
  };

  const sendCallback: StandIn['sendCallback'] = async (paymentId, overrides = {}) => {
    const payment = payments.get(paymentId);
    if (!payment) {
      throw new Error(`the stand-in has no payment ${paymentId}`);
    }
    const scriptName = lastSegment(payment.resultUrl);
    const fields: Record<string, string> = { ...callbackFields(payment), ...overrides.fields };
    if (!overrides.omitSig) {
      fields.pg_sig = sign(scriptName, fields, overrides.signWith ?? secretKey);
    }
    Object.assign(fields, overrides.tamper);
    let status = 0;
    let body: string;
    try {
      const response = await fetch(payment.resultUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = error instanceof Error ? error.message : String(error);
    }
    const answer = status === 0 ? null : readAnswer(body);
    const answerSignatureValid = answer !== null && verify(scriptName, answer, secretKey);
    payment.callbacks.push({ fields, status, body, answer, answerSignatureValid });
    // The merchant refused a paid payment it was allowed to refuse: FreedomPay gives the money back.
    if (
      answerSignatureValid &&
      answer?.pg_status === 'rejected' &&
      fields.pg_result === '1' &&
      payment.status === 'success'
    ) {
      payment.refundedTyiyn = payment.amountTyiyn;
      payment.status = 'refunded';
    }
    return { status, body };
  };

  const pay: StandIn['pay'] = async (paymentId, { result }) => {
    const payment = payments.get(paymentId);
    if (!payment) {
      throw new Error(`the stand-in has no payment ${paymentId}`);
    }
    if (payment.status !== 'pending') {
      throw new Error(`payment ${paymentId} is already ${payment.status}`);
    }
    payment.status = result === 'ok' ? 'success' : 'failed';
    payment.cardPan ||= CARD_PAN;
    payment.paidAt = new Date();
    if (result === 'ok' && payment.recurringStart && !payment.recurringProfile) {
      const profileId = String(nextProfile++);
      const expiry = new Date(Date.UTC(new Date().getUTCFullYear() + 3, new Date().getUTCMonth(), 1));
      profiles.set(profileId, { cardPan: payment.cardPan, expiry: paymentDate(expiry), removed: false });
      payment.recurringProfile = profileId;
    }
    return sendCallback(paymentId);
  };

  const paymentPage = (payment: Payment) => `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>FreedomPay — оплата</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px}
label,input,button{display:block;width:100%;margin:8px 0;font-size:16px}button{padding:10px}</style></head>
<body>
<h1>FreedomPay — оплата</h1>
<p>${escapeHtml(payment.description)}</p>
<p>Сумма: <strong id="amount">${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</strong></p>
<p>Заказ: <span id="order">${escapeHtml(payment.orderId)}</span></p>
${
  payment.status === 'pending'
    ? `<form method="post" action="/pay/${encodeURIComponent(payment.id)}">
<label for="card">Номер карты</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${CARD_NUMBER}">
<button id="pay" type="submit" name="action" value="pay">Оплатить</button>
<button id="decline" type="submit" name="action" value="decline">Отказаться</button>
</form>`
    : `<p id="status">Платёж уже обработан: ${escapeHtml(payment.status)}</p>`
}
</body>
</html>`;

  const servePage = async (request: IncomingMessage, response: ServerResponse, paymentId: string) => {
    const payment = payments.get(paymentId);
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Платёж не найден');
      return;
    }
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(paymentPage(payment));
      return;
    }
    const form = await readForm(request);
    if (payment.status !== 'pending') {
      response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
      response.end(paymentPage(payment));
      return;
    }
    const result = form.action === 'decline' ? 'failed' : 'ok';
    await pay(paymentId, { result });
    response.writeHead(303, { location: result === 'ok' ? payment.successUrl : payment.failureUrl });
    response.end();
  };

  const serveScript = async (request: IncomingMessage, response: ServerResponse, script: string) => {
    calls.push(script);
    const fields = await readForm(request);
    const hanging = hangs.get(script) ?? 0;
    if (hanging > 0) {
      hangs.set(script, hanging - 1);
      return;
    }
    if (fields.pg_merchant_id !== merchantId) {
      answerError(response, script, '9999', 'Unknown merchant');
      return;
    }
    if (!verify(script, fields, secretKey)) {
      answerError(response, script, '9998', 'Invalid signature');
      return;
    }
    const failure = failures.get(script)?.shift();
    if (failure) {
      answerError(response, script, failure.code, failure.description);
      return;
    }
    if (script === 'init_payment.php') {
      initPayment(response, fields);
    } else if (script === 'get_status3.php') {
      getStatus(response, fields);
    } else if (script === 'make_recurring_payment.php') {
      makeRecurringPayment(response, fields);
    } else {
      revoke(response, fields);
    }
  };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const script = SCRIPTS.find((name) => path === `/${name}`);
    const pageId = /^\/pay\/([^/]+)$/.exec(path)?.[1];
    void (async () => {
      if (script && request.method === 'POST') {
        await serveScript(request, response, script);
      } else if (pageId !== undefined && (request.method === 'GET' || request.method === 'POST')) {
        await servePage(request, response, decodeURIComponent(pageId));
      } else if (path === '/healthz') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('ok');
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
      }
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    merchantId,
    get payments() {
      return [...payments.values()].map(
        ({ amountTyiyn: _amount, refundedTyiyn, paidAt: _paidAt, callbacks, ...payment }): StandInPayment => ({
          ...payment,
          refunded: formatSom(refundedTyiyn),
          callbacks: [...callbacks],
        }),
      );
    },
    calls,
    pay,
    sendCallback,
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) {
        throw new Error(`the stand-in has no payment ${paymentId}`);
      }
      payment.status = status;
      if (status !== 'pending' && !payment.cardPan) {
        payment.cardPan = CARD_PAN;
        payment.paidAt = new Date();
      }
    },
    failNext(script, code, description) {
      failures.set(script, [...(failures.get(script) ?? []), { code: String(code), description }]);
    },
    hangNext(script) {
      hangs.set(script, (hangs.get(script) ?? 0) + 1);
    },
    setRecurringOutcome(outcome) {
      recurringOutcome = outcome;
    },
    removeProfile(profileId) {
      const profile = profiles.get(profileId);
      if (profile) {
        profile.removed = true;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

// `node --import tsx apps/server/src/test/freedompay-stand-in.ts --port 8399 --merchant 552 --secret test-secret`:
// the stand-in for end-to-end runs and development; prints its URL and runs until stopped.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const argument = (name: string, fallback: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
  };
  const standIn = await startFreedomPayStandIn({
    port: Number(argument('port', '8399')),
    host: argument('host', '127.0.0.1'),
    merchantId: argument('merchant', '552'),
    secretKey: argument('secret', 'test-secret'),
  });
  console.log(`FreedomPay stand-in at ${standIn.url} (merchant ${standIn.merchantId})`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
