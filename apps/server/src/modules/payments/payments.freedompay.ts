import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatSom, parseTyiyn } from '@zaryad/contracts';
import {
  type CallbackAnswer,
  type ChargeSavedCard,
  type CreatedPayment,
  type CreatePayment,
  InvalidCallbackError,
  type PaymentProvider,
  ProviderError,
  type ProviderCallback,
  type ProviderSavedCard,
  type ProviderStatus,
  type TProviderOutcome,
} from './payments.provider';

/**
 * FreedomPay's merchant API (the PayBox/Platron protocol family) behind the wallet's PaymentProvider
 * (payments.provider.ts). Every call is a form POST to `<url>/<script>` carrying pg_merchant_id, a random pg_salt and
 * pg_sig; every answer is a flat XML document signed the same way, which is verified before a field of it is believed.
 * The callbacks FreedomPay sends to our pg_result_url are signed with that URL's last path segment as the script name,
 * and so is our answer to them.
 *
 * Money crosses the wire as som with 2 decimals ("150.00"): written with formatSom from the bigint tyiyn and read back
 * with parseTyiyn, never through a number (docs/design.md#9-money-charges-and-time).
 *
 * The local stand-in that speaks the same protocol, for tests, e2e and development: src/test/freedompay-stand-in.ts.
 */

export interface FreedomPayOptions {
  merchantId: string;
  secretKey: string;
  /** The API base: https://api.freedompay.kg, or the stand-in's http://127.0.0.1:<port>. */
  url: string;
  /** How long one call may take before it counts as failed; 10 s unless told. */
  timeoutMs?: number;
  /** For tests: the fetch to call instead of the global one. */
  fetch?: typeof fetch;
}

/** Payments are in som; the wallet holds nothing else. */
const CURRENCY = 'KGS';
/** How long the payment page stays open, in seconds. */
const PAYMENT_LIFETIME_SECONDS = '3600';
const DEFAULT_TIMEOUT_MS = 10_000;
/** How long a saved card's recurring profile lives, in months (pg_recurring_lifetime; FreedomPay allows up to 156). */
const RECURRING_LIFETIME_MONTHS = '36';

/** The recurring profile a paid payment names (pg_recurring_profile_id, pg_recurring_profile_expiry_date), if any. */
const savedCardOf = (fields: Record<string, string>): ProviderSavedCard | null => {
  const profileId = (fields.pg_recurring_profile_id ?? '').trim();
  if (profileId === '' || profileId.length > 64) {
    return null;
  }
  const expiry = /^(\d{4}-\d{2}-\d{2})/.exec(fields.pg_recurring_profile_expiry_date ?? '')?.[1];
  return { profileId, expiresOn: expiry && !Number.isNaN(Date.parse(expiry)) ? expiry : null };
};

/**
 * The error code with which get_status3 answers an order (or payment id) it does not know: "payment not found". Kept
 * in a set so that a sibling code, should FreedomPay's answers show one, is one line.
 */
const UNKNOWN_ORDER_CODES = new Set(['340']);

/**
 * The script name a URL or path is signed with: its last non-empty path segment, the query and fragment left out.
 * `https://api.freedompay.kg/init_payment.php` → `init_payment.php`; `/api/app/v1/payments/freedompay/result/` →
 * `result`.
 */
export const scriptNameOf = (pathOrUrl: string): string => {
  const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl) ? new URL(pathOrUrl).pathname : pathOrUrl;
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const segments = withoutQuery.split('/').filter((segment) => segment !== '');
  return segments.at(-1) ?? '';
};

/**
 * pg_sig: the MD5 (hex) of the script name, the values of every other parameter ordered by the parameter's name
 * (code-unit order, as PHP's ksort has it for these ASCII names), and the secret key, joined by `;`. pg_sig itself is
 * left out, so a signed document can be checked by signing it again.
 */
export const freedomPaySignature = (scriptName: string, params: Record<string, string>, secretKey: string): string => {
  const names = Object.keys(params)
    .filter((name) => name !== 'pg_sig')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = [scriptName, ...names.map((name) => params[name] ?? ''), secretKey].join(';');
  return createHash('md5').update(text, 'utf8').digest('hex');
};

/** Whether `params.pg_sig` is the signature of `params`, compared in constant time. */
const isSignedBy = (scriptName: string, params: Record<string, string>, secretKey: string): boolean => {
  const given = params.pg_sig;
  if (given === undefined) {
    return false;
  }
  const expected = Buffer.from(freedomPaySignature(scriptName, params, secretKey), 'utf8');
  const actual = Buffer.from(given.toLowerCase(), 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

const newSalt = () => randomBytes(16).toString('hex');

// ----- XML -----------------------------------------------------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decodeEntities = (text: string): string =>
  text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) {
      throw new Error(`a bare & in "${text}"`);
    }
    const named = NAMED_ENTITIES[name];
    if (named !== undefined) {
      return named;
    }
    const numeric = /^#(?:x([0-9a-f]+)|([0-9]+))$/i.exec(name);
    const codePoint = numeric ? parseInt(numeric[1] ?? numeric[2] ?? '', numeric[1] ? 16 : 10) : NaN;
    if (!Number.isInteger(codePoint) || codePoint < 1 || codePoint > 0x10ffff) {
      throw new Error(`an unknown entity &${name};`);
    }
    return String.fromCodePoint(codePoint);
  });

export const escapeXml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

const NAME = '[A-Za-z_][A-Za-z0-9_.-]*';
const PROLOG = /^\uFEFF?\s*(?:<\?xml(?:\s[^?]*)?\?>)?(?:\s|<!--(?:(?!--)[\s\S])*-->)*/;
const ROOT_OPEN = new RegExp(`^<(${NAME})\\s*>`);
const SKIP = /^(?:\s|<!--(?:(?!--)[\s\S])*-->)*/;
const CHILD = new RegExp(`^<(${NAME})\\s*(?:/>|>((?:[^<]|<!\\[CDATA\\[(?:(?!\\]\\]>)[\\s\\S])*\\]\\]>)*)</\\1\\s*>)`);

/**
 * Reads one of FreedomPay's answers: a root element (`<response>`) holding only flat `<name>text</name>` children, each
 * name once. Anything else (attributes, nested elements, a name twice, text outside the elements, a stray `&`) is not
 * one of its documents and is refused with an Error, rather than half read: its signature could not be checked.
 */
export const parseFlatXml = (xml: string): Record<string, string> => {
  let rest = xml.replace(PROLOG, '');
  const open = ROOT_OPEN.exec(rest);
  if (!open) {
    throw new Error('no root element');
  }
  const root = open[1] ?? '';
  rest = rest.slice(open[0].length);
  const fields: Record<string, string> = {};
  for (;;) {
    rest = rest.replace(SKIP, '');
    const close = new RegExp(`^</${root.replace(/\./g, '\\.')}\\s*>`).exec(rest);
    if (close) {
      rest = rest.slice(close[0].length).replace(SKIP, '');
      if (rest !== '') {
        throw new Error('content after the root element');
      }
      return fields;
    }
    const child = CHILD.exec(rest);
    if (!child) {
      throw new Error(`not a flat element at "${rest.slice(0, 40)}"`);
    }
    const name = child[1] ?? '';
    if (Object.hasOwn(fields, name)) {
      throw new Error(`${name} twice`);
    }
    const content = child[2] ?? '';
    // Text and CDATA sections in turn: entities are decoded in the text only.
    fields[name] = content.replace(
      /<!\[CDATA\[((?:(?!\]\]>)[\s\S])*)\]\]>|([^<]+)/g,
      (_whole, cdata: string | undefined, text: string | undefined) => cdata ?? decodeEntities(text ?? ''),
    );
    rest = rest.slice(child[0].length);
  }
};

/** A flat XML document `<response>…</response>` of the fields in their order. */
export const flatXml = (fields: Record<string, string>): string =>
  `<?xml version="1.0" encoding="utf-8"?>\n<response>${Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('')}</response>`;

// ----- The adapter ---------------------------------------------------------------------------------------------------

/** What a status answer's pg_payment_status means for the wallet. */
const OUTCOME_OF_STATUS: Record<string, TProviderOutcome> = {
  // Paid, and perhaps refunded since, in part (revoked) or in full (refunded): the money came; refundedTyiyn tells
  // how much of it went back.
  success: 'paid',
  refunded: 'paid',
  revoked: 'paid',
  failed: 'failed',
  // The page's lifetime ran out before the driver paid.
  incomplete: 'failed',
  pending: 'pending',
  // Some of the amount authorised, the rest still on its way.
  partial: 'pending',
};

/** An amount FreedomPay wrote ("150.00", "150"), in tyiyn; null when absent or empty. */
const readAmount = (value: string | undefined, field: string, raw: Record<string, string>): bigint | null => {
  if (value === undefined || value.trim() === '') {
    return null;
  }
  const tyiyn = parseTyiyn(value);
  if (tyiyn === null || tyiyn < 0n) {
    throw new ProviderError(`FreedomPay: ${field} "${value}" is not an amount`, raw);
  }
  return tyiyn;
};

export const createFreedomPay = (options: FreedomPayOptions): PaymentProvider => {
  const { merchantId, secretKey } = options;
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? fetch;

  /**
   * One call: signs the request, POSTs it, and gives back the answer's fields once its signature verifies and its
   * pg_status is ok. `isExpectedError` lets a signed error answer through instead (an unknown order for get_status).
   */
  const call = async (
    script: string,
    params: Record<string, string>,
    isExpectedError: (answer: Record<string, string>) => boolean = () => false,
  ): Promise<Record<string, string>> => {
    const request: Record<string, string> = { pg_merchant_id: merchantId, ...params, pg_salt: newSalt() };
    request.pg_sig = freedomPaySignature(script, request, secretKey);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let text: string;
    try {
      const response = await fetchImpl(`${base}/${script}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/xml' },
        body: new URLSearchParams(request).toString(),
        signal: controller.signal,
      });
      text = await response.text();
      if (!response.ok) {
        throw new ProviderError(`FreedomPay ${script}: HTTP ${response.status}`, {
          http_status: String(response.status),
        });
      }
    } catch (error) {
      if (error instanceof ProviderError) {
        throw error;
      }
      throw new ProviderError(
        controller.signal.aborted
          ? `FreedomPay ${script}: no answer within ${timeoutMs} ms`
          : `FreedomPay ${script}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
    let answer: Record<string, string>;
    try {
      answer = parseFlatXml(text);
    } catch (error) {
      throw new ProviderError(`FreedomPay ${script}: not an XML answer (${(error as Error).message})`, {
        body: text.slice(0, 500),
      });
    }
    // An answer not signed with our key is nobody's word: not even its error is believed.
    if (!isSignedBy(script, answer, secretKey)) {
      const says =
        answer.pg_status === 'error'
          ? ` (it says error ${answer.pg_error_code ?? '?'}: ${answer.pg_error_description ?? ''})`
          : '';
      throw new ProviderError(`FreedomPay ${script}: the answer's signature does not verify${says}`, answer);
    }
    if (answer.pg_status === 'ok' || isExpectedError(answer)) {
      return answer;
    }
    throw new ProviderError(
      answer.pg_status === 'error'
        ? `FreedomPay ${script}: error ${answer.pg_error_code ?? '?'}: ${answer.pg_error_description ?? ''}`
        : `FreedomPay ${script}: status "${answer.pg_status ?? ''}"`,
      answer,
    );
  };

  return {
    name: 'freedompay',

    async create(payment: CreatePayment): Promise<CreatedPayment> {
      if (payment.amountTyiyn <= 0n) {
        throw new ProviderError(
          `FreedomPay init_payment.php: the amount ${formatSom(payment.amountTyiyn)} is not positive`,
        );
      }
      const answer = await call('init_payment.php', {
        pg_order_id: payment.orderId,
        pg_amount: formatSom(payment.amountTyiyn),
        pg_currency: CURRENCY,
        pg_description: payment.description,
        pg_result_url: payment.resultUrl,
        pg_success_url: payment.successUrl,
        pg_failure_url: payment.failureUrl,
        pg_request_method: 'POST',
        pg_language: payment.language,
        pg_user_phone: payment.phone,
        pg_lifetime: PAYMENT_LIFETIME_SECONDS,
        pg_testing_mode: '0',
        ...(payment.saveCard && { pg_recurring_start: '1', pg_recurring_lifetime: RECURRING_LIFETIME_MONTHS }),
      });
      const providerPaymentId = answer.pg_payment_id ?? '';
      const redirectUrl = answer.pg_redirect_url ?? '';
      if (providerPaymentId === '' || redirectUrl === '') {
        throw new ProviderError('FreedomPay init_payment.php: no pg_payment_id or pg_redirect_url', answer);
      }
      return { providerPaymentId, redirectUrl, raw: answer };
    },

    readCallback(path: string, fields: Record<string, string>): ProviderCallback {
      if (!isSignedBy(scriptNameOf(path), fields, secretKey)) {
        throw new InvalidCallbackError(
          fields.pg_sig === undefined ? 'FreedomPay callback without pg_sig' : 'FreedomPay callback: wrong signature',
        );
      }
      const missing = ['pg_order_id', 'pg_payment_id', 'pg_amount', 'pg_result'].filter(
        (name) => (fields[name] ?? '') === '',
      );
      if (missing.length > 0) {
        throw new InvalidCallbackError(`FreedomPay callback without ${missing.join(', ')}`);
      }
      const amountTyiyn = parseTyiyn(fields.pg_amount ?? '');
      if (amountTyiyn === null || amountTyiyn < 0n) {
        throw new InvalidCallbackError(`FreedomPay callback: pg_amount "${fields.pg_amount}" is not an amount`);
      }
      // Our payments are created in som; an amount in another currency cannot be counted as tyiyn.
      if (fields.pg_currency !== undefined && fields.pg_currency !== CURRENCY) {
        throw new InvalidCallbackError(`FreedomPay callback: currency ${fields.pg_currency}`);
      }
      if (fields.pg_result !== '1' && fields.pg_result !== '0') {
        throw new InvalidCallbackError(`FreedomPay callback: pg_result "${fields.pg_result}"`);
      }
      return {
        orderId: fields.pg_order_id ?? '',
        providerPaymentId: fields.pg_payment_id ?? '',
        amountTyiyn,
        outcome: fields.pg_result === '1' ? 'paid' : 'failed',
        card: fields.pg_card_pan ?? '',
        failure: fields.pg_result === '1' ? '' : (fields.pg_failure_description ?? ''),
        savedCard: fields.pg_result === '1' ? savedCardOf(fields) : null,
      };
    },

    answerCallback(path: string, status: 'ok' | 'rejected' | 'error', description: string): CallbackAnswer {
      const answer: Record<string, string> = { pg_status: status, pg_description: description, pg_salt: newSalt() };
      answer.pg_sig = freedomPaySignature(scriptNameOf(path), answer, secretKey);
      return { contentType: 'application/xml; charset=utf-8', body: flatXml(answer) };
    },

    /**
     * get_status3.php. An order FreedomPay does not know (a signed pg_status error with pg_error_code 340) is answered
     * as a failed payment with failure 'unknown order' rather than thrown: init_payment never reached FreedomPay, or
     * its page was never made, and either way no money came. Every other error is a ProviderError.
     */
    async status(payment: { orderId: string; providerPaymentId: string | null }): Promise<ProviderStatus> {
      const params: Record<string, string> = { pg_order_id: payment.orderId };
      if (payment.providerPaymentId) {
        params.pg_payment_id = payment.providerPaymentId;
      }
      const isUnknownOrder = (answer: Record<string, string>) =>
        answer.pg_status === 'error' && UNKNOWN_ORDER_CODES.has(answer.pg_error_code ?? '');
      const answer = await call('get_status3.php', params, isUnknownOrder);
      if (isUnknownOrder(answer)) {
        return {
          outcome: 'failed',
          amountTyiyn: null,
          refundedTyiyn: null,
          card: '',
          failure: 'unknown order',
          savedCard: null,
          raw: answer,
        };
      }
      const outcome = OUTCOME_OF_STATUS[answer.pg_payment_status ?? ''];
      if (outcome === undefined) {
        throw new ProviderError(
          `FreedomPay get_status3.php: payment status "${answer.pg_payment_status ?? ''}"`,
          answer,
        );
      }
      return {
        outcome,
        amountTyiyn: readAmount(answer.pg_amount, 'pg_amount', answer),
        refundedTyiyn: readAmount(answer.pg_refund_amount, 'pg_refund_amount', answer),
        card: answer.pg_card_pan ?? '',
        failure: outcome === 'failed' ? (answer.pg_failure_description ?? '') : '',
        savedCard: outcome === 'paid' ? savedCardOf(answer) : null,
        raw: answer,
      };
    },

    async chargeSaved(payment: ChargeSavedCard) {
      if (payment.amountTyiyn <= 0n) {
        throw new ProviderError(
          `FreedomPay make_recurring_payment.php: the amount ${formatSom(payment.amountTyiyn)} is not positive`,
        );
      }
      const answer = await call('make_recurring_payment.php', {
        pg_order_id: payment.orderId,
        pg_recurring_profile: payment.profileId,
        pg_amount: formatSom(payment.amountTyiyn),
        pg_description: payment.description,
        pg_result_url: payment.resultUrl,
        pg_request_method: 'POST',
      });
      const providerPaymentId = answer.pg_payment_id ?? '';
      if (providerPaymentId === '') {
        throw new ProviderError('FreedomPay make_recurring_payment.php: no pg_payment_id', answer);
      }
      return { providerPaymentId, raw: answer };
    },

    async refund(payment: { providerPaymentId: string; amountTyiyn: bigint }): Promise<Record<string, string>> {
      if (payment.amountTyiyn <= 0n) {
        throw new ProviderError(`FreedomPay revoke.php: the amount ${formatSom(payment.amountTyiyn)} is not positive`);
      }
      return call('revoke.php', {
        pg_payment_id: payment.providerPaymentId,
        pg_refund_amount: formatSom(payment.amountTyiyn),
      });
    },
  };
};
