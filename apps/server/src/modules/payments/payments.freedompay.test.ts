import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFreedomPayStandIn, type StandIn } from '../../test/freedompay-stand-in';
import { createFreedomPay, flatXml, freedomPaySignature, parseFlatXml, scriptNameOf } from './payments.freedompay';
import {
  type CreatePayment,
  InvalidCallbackError,
  type PaymentProvider,
  type ProviderCallback,
  ProviderError,
} from './payments.provider';

// The adapter against the FreedomPay stand-in (src/test/freedompay-stand-in.ts), a real HTTP server on a free port,
// and a small callback endpoint standing for our route: it reads each callback with the adapter and answers with it, as
// the payments routes do.

const MERCHANT_ID = '552';
const SECRET = 'test-secret';
const CALLBACK_PATH = '/api/app/v1/payments/freedompay/result/';

let standIn: StandIn;
let provider: PaymentProvider;
let callbackServer: Server;
let callbackUrl: string;
/** What our endpoint read from each callback: the callback, or the error it refused it with. */
const received: (ProviderCallback | Error)[] = [];
let orderSeq = 0;

const nextOrderId = () => `ORD-${Date.now()}-${++orderSeq}`;

const newPayment = (overrides: Partial<CreatePayment> = {}): CreatePayment => ({
  orderId: nextOrderId(),
  amountTyiyn: 15_000n,
  description: 'Пополнение кошелька Zaryad',
  phone: '996555123456',
  language: 'ru',
  resultUrl: callbackUrl,
  successUrl: 'https://app.zaryad.test/wallet/paid',
  failureUrl: 'https://app.zaryad.test/wallet/failed',
  ...overrides,
});

/** A callback's fields as FreedomPay signs them, for the tests that call readCallback directly. */
const signedCallback = (
  fields: Record<string, string>,
  secret = SECRET,
  path = CALLBACK_PATH,
): Record<string, string> => {
  const all: Record<string, string> = {
    pg_order_id: 'ORD-42',
    pg_payment_id: '100000042',
    pg_amount: '1234.56',
    pg_currency: 'KGS',
    pg_net_amount: '1234.56',
    pg_ps_amount: '1234.56',
    pg_payment_system: 'BANKCARD',
    pg_description: 'Пополнение кошелька Zaryad',
    pg_result: '1',
    pg_payment_date: '2026-05-14 10:42:07',
    pg_can_reject: '1',
    pg_user_phone: '996555123456',
    pg_card_pan: '440043******1234',
    pg_salt: 'f00dfeed',
    ...fields,
  };
  return { ...all, pg_sig: freedomPaySignature(scriptNameOf(path), all, secret) };
};

beforeAll(async () => {
  standIn = await startFreedomPayStandIn({ merchantId: MERCHANT_ID, secretKey: SECRET });
  provider = createFreedomPay({ merchantId: MERCHANT_ID, secretKey: SECRET, url: standIn.url, timeoutMs: 2_000 });
  callbackServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      let answer;
      try {
        const callback = provider.readCallback(path, fields);
        received.push(callback);
        answer = provider.answerCallback(path, 'ok', 'Принято');
      } catch (error) {
        received.push(error as Error);
        answer = provider.answerCallback(path, 'rejected', (error as Error).message);
      }
      response.writeHead(200, { 'content-type': answer.contentType });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}${CALLBACK_PATH}`;
});

afterAll(async () => {
  await standIn.close();
  await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
});

afterEach(() => {
  received.length = 0;
});

describe('the signature', () => {
  it('is the MD5 of the script name, the values ordered by parameter name, and the secret, joined by ;', () => {
    const params = {
      pg_order_id: 'ORD-1',
      pg_merchant_id: '552',
      pg_amount: '150.00',
      pg_salt: 'abc123',
      pg_currency: 'KGS',
      pg_description: 'Top-up',
      pg_sig: 'left out of its own signature',
    };
    // Names in order: pg_amount, pg_currency, pg_description, pg_merchant_id, pg_order_id, pg_salt; so the signed text
    // is "init_payment.php;150.00;KGS;Top-up;552;ORD-1;abc123;test-secret", whose MD5, by
    // `node -e "console.log(require('crypto').createHash('md5').update('init_payment.php;150.00;KGS;Top-up;552;ORD-1;abc123;test-secret').digest('hex'))"`,
    // is:
    expect(freedomPaySignature('init_payment.php', params, 'test-secret')).toBe('6c891c7a8175d71b06239fdd3f983ce3');
  });

  it('orders names by code unit, not by locale', () => {
    // 'Z' (0x5a) comes before 'a' (0x61): pg_Z's value first, whatever order the object has; a locale sort would put
    // pg_a first.
    const expected = createHash('md5').update('script;upper;lower;key').digest('hex');
    expect(freedomPaySignature('script', { pg_a: 'lower', pg_Z: 'upper' }, 'key')).toBe(expected);
    expect(freedomPaySignature('script', { pg_Z: 'upper', pg_a: 'lower' }, 'key')).toBe(expected);
  });

  it('names the script by the last non-empty path segment', () => {
    expect(scriptNameOf('init_payment.php')).toBe('init_payment.php');
    expect(scriptNameOf('https://api.freedompay.kg/init_payment.php')).toBe('init_payment.php');
    expect(scriptNameOf('/api/app/v1/payments/freedompay/result/')).toBe('result');
    expect(scriptNameOf('/api/app/v1/payments/freedompay/result?pg_order_id=1')).toBe('result');
    expect(scriptNameOf('https://zaryad.kg/api/app/v1/payments/freedompay/result/')).toBe('result');
  });
});

describe('the XML reader', () => {
  it('reads a flat document and decodes entities', () => {
    expect(
      parseFlatXml(
        '<?xml version="1.0" encoding="utf-8"?>\n<response>\n  <pg_status>ok</pg_status>\n' +
          '  <pg_description>A &amp; B &lt;&gt; &quot;q&quot; &apos;a&apos; &#1047;&#x430;</pg_description>\n' +
          '  <pg_empty/><pg_cdata><![CDATA[<raw & kept>]]></pg_cdata>\n</response>\n',
      ),
    ).toEqual({ pg_status: 'ok', pg_description: 'A & B <> "q" \'a\' За', pg_empty: '', pg_cdata: '<raw & kept>' });
  });

  it('round-trips what it writes', () => {
    const fields = { pg_status: 'ok', pg_description: `<&>"' сом` };
    expect(parseFlatXml(flatXml(fields))).toEqual(fields);
  });

  it.each([
    ['nested elements', '<response><pg_status><a>ok</a></pg_status></response>'],
    ['a name twice', '<response><pg_status>ok</pg_status><pg_status>error</pg_status></response>'],
    ['attributes', '<response><pg_status kind="x">ok</pg_status></response>'],
    ['a bare ampersand', '<response><pg_status>a & b</pg_status></response>'],
    ['an unknown entity', '<response><pg_status>&nbsp;</pg_status></response>'],
    ['an unclosed root', '<response><pg_status>ok</pg_status>'],
    ['text after the root', '<response></response>trailing'],
    ['HTML', '<!doctype html><html><body>502 Bad Gateway</body></html>'],
    ['JSON', '{"pg_status":"ok"}'],
  ])('refuses %s', (_name, xml) => {
    expect(() => parseFlatXml(xml)).toThrow();
  });
});

describe('create, status and refund against the stand-in', () => {
  it('creates a payment with the exact amount and its page', async () => {
    const payment = newPayment({ amountTyiyn: 123_456n, language: 'ky' });
    const created = await provider.create(payment);
    expect(created.redirectUrl).toBe(`${standIn.url}/pay/${created.providerPaymentId}`);
    expect(created.raw.pg_status).toBe('ok');
    const kept = standIn.payments.find((candidate) => candidate.id === created.providerPaymentId);
    expect(kept).toMatchObject({
      orderId: payment.orderId,
      amount: '1234.56',
      currency: 'KGS',
      language: 'ky',
      phone: '996555123456',
      status: 'pending',
      resultUrl: callbackUrl,
    });
  });

  it.each([
    [10_010n, '100.10'],
    [1n, '0.01'],
    [99_999_999_999n, '999999999.99'],
    [15_000n, '150.00'],
  ])('sends %s tyiyn as "%s" and reads it back exactly', async (tyiyn, text) => {
    const created = await provider.create(newPayment({ amountTyiyn: tyiyn }));
    expect(standIn.payments.find((payment) => payment.id === created.providerPaymentId)?.amount).toBe(text);
    const status = await provider.status({ orderId: '', providerPaymentId: created.providerPaymentId });
    expect(status.amountTyiyn).toBe(tyiyn);
  });

  it('refuses an amount that is not positive without calling', async () => {
    const calls = standIn.calls.length;
    await expect(provider.create(newPayment({ amountTyiyn: 0n }))).rejects.toThrow(ProviderError);
    expect(standIn.calls.length).toBe(calls);
  });

  it('follows a payment from pending through paid and partly refunded to refunded', async () => {
    const payment = newPayment({ amountTyiyn: 15_000n });
    const created = await provider.create(payment);
    const byOrder = { orderId: payment.orderId, providerPaymentId: null };

    expect(await provider.status(byOrder)).toMatchObject({
      outcome: 'pending',
      amountTyiyn: 15_000n,
      refundedTyiyn: null,
    });

    await standIn.pay(created.providerPaymentId, { result: 'ok' });
    expect(await provider.status(byOrder)).toMatchObject({
      outcome: 'paid',
      amountTyiyn: 15_000n,
      refundedTyiyn: null,
      card: '440043******1234',
      failure: '',
    });

    expect(await provider.refund({ providerPaymentId: created.providerPaymentId, amountTyiyn: 5_000n })).toMatchObject({
      pg_status: 'ok',
    });
    expect(standIn.payments.find((kept) => kept.id === created.providerPaymentId)).toMatchObject({
      status: 'revoked',
      refunded: '50.00',
    });
    // A partial refund leaves it paid: the rest of the money stays.
    expect(await provider.status(byOrder)).toMatchObject({ outcome: 'paid', refundedTyiyn: 5_000n });

    await provider.refund({ providerPaymentId: created.providerPaymentId, amountTyiyn: 10_000n });
    expect(
      await provider.status({ orderId: payment.orderId, providerPaymentId: created.providerPaymentId }),
    ).toMatchObject({
      outcome: 'paid',
      amountTyiyn: 15_000n,
      refundedTyiyn: 15_000n,
      raw: { pg_payment_status: 'refunded' },
    });
  });

  it('maps each status FreedomPay reports', async () => {
    const created = await provider.create(newPayment());
    const expected = {
      pending: 'pending',
      partial: 'pending',
      success: 'paid',
      revoked: 'paid',
      refunded: 'paid',
      failed: 'failed',
      incomplete: 'failed',
    } as const;
    for (const [status, outcome] of Object.entries(expected)) {
      standIn.setStatus(created.providerPaymentId, status as keyof typeof expected);
      expect((await provider.status({ orderId: '', providerPaymentId: created.providerPaymentId })).outcome).toBe(
        outcome,
      );
    }
  });

  it('finds a payment paid whose callback never came', async () => {
    const payment = newPayment();
    const created = await provider.create(payment);
    standIn.setStatus(created.providerPaymentId, 'success');
    expect(await provider.status({ orderId: payment.orderId, providerPaymentId: null })).toMatchObject({
      outcome: 'paid',
    });
    expect(received).toEqual([]);
  });

  it('answers an unknown order as failed rather than throwing', async () => {
    expect(await provider.status({ orderId: 'never-created', providerPaymentId: null })).toMatchObject({
      outcome: 'failed',
      amountTyiyn: null,
      refundedTyiyn: null,
      failure: 'unknown order',
      raw: { pg_status: 'error', pg_error_code: '340' },
    });
  });

  it('reports a declined payment with its reason', async () => {
    const created = await provider.create(newPayment());
    await standIn.pay(created.providerPaymentId, { result: 'failed' });
    expect(await provider.status({ orderId: '', providerPaymentId: created.providerPaymentId })).toMatchObject({
      outcome: 'failed',
      failure: 'Операция отклонена банком',
    });
  });

  it('throws the refusal of a refund: more than was paid, or a payment not paid', async () => {
    const created = await provider.create(newPayment({ amountTyiyn: 10_000n }));
    await expect(provider.refund({ providerPaymentId: created.providerPaymentId, amountTyiyn: 100n })).rejects.toThrow(
      /revoke\.php: error 600/,
    );
    await standIn.pay(created.providerPaymentId, { result: 'ok' });
    await expect(
      provider.refund({ providerPaymentId: created.providerPaymentId, amountTyiyn: 10_001n }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(standIn.payments.find((kept) => kept.id === created.providerPaymentId)?.refunded).toBe('0.00');
  });
});

describe('refused answers', () => {
  it('throws an error answer with its code and description', async () => {
    standIn.failNext('init_payment.php', 101, 'Merchant is blocked');
    const error = await provider.create(newPayment()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toBe('FreedomPay init_payment.php: error 101: Merchant is blocked');
    expect((error as ProviderError).raw).toMatchObject({ pg_status: 'error', pg_error_code: '101' });

    standIn.failNext('get_status3.php', 350, 'Service unavailable');
    await expect(provider.status({ orderId: 'x', providerPaymentId: null })).rejects.toThrow(/error 350/);
  });

  it('is refused by the stand-in when signed with another secret, and refuses its answer', async () => {
    const stranger = createFreedomPay({ merchantId: MERCHANT_ID, secretKey: 'not-the-secret', url: standIn.url });
    // The stand-in answers "invalid signature", signed with the real secret: not ours, so not believed either.
    await expect(stranger.create(newPayment())).rejects.toThrow(/signature does not verify.*Invalid signature/);
  });

  it('refuses an answer whose signature does not verify', async () => {
    const forged = flatXml({
      pg_status: 'ok',
      pg_payment_id: '1',
      pg_redirect_url: 'https://evil.test/',
      pg_salt: 's',
    });
    const withSig = (sig: string) => forged.replace('</response>', `<pg_sig>${sig}</pg_sig></response>`);
    for (const body of [forged, withSig('0'.repeat(32)), withSig('short')]) {
      const tricked = createFreedomPay({
        merchantId: MERCHANT_ID,
        secretKey: SECRET,
        url: standIn.url,
        fetch: () => Promise.resolve(new Response(body, { status: 200 })),
      });
      await expect(tricked.create(newPayment())).rejects.toThrow(/signature does not verify/);
    }
  });

  it('refuses an answer signed for another script', async () => {
    const answer: Record<string, string> = {
      pg_status: 'ok',
      pg_payment_id: '1',
      pg_redirect_url: 'https://x/',
      pg_salt: 's',
    };
    answer.pg_sig = freedomPaySignature('get_status3.php', answer, SECRET);
    const tricked = createFreedomPay({
      merchantId: MERCHANT_ID,
      secretKey: SECRET,
      url: standIn.url,
      fetch: () => Promise.resolve(new Response(flatXml(answer))),
    });
    await expect(tricked.create(newPayment())).rejects.toThrow(/signature does not verify/);
  });

  it('throws on an HTTP error and on an answer that is not XML', async () => {
    const failing = (response: Response) =>
      createFreedomPay({
        merchantId: MERCHANT_ID,
        secretKey: SECRET,
        url: standIn.url,
        fetch: () => Promise.resolve(response),
      });
    await expect(failing(new Response('<response/>', { status: 502 })).create(newPayment())).rejects.toThrow(
      'FreedomPay init_payment.php: HTTP 502',
    );
    await expect(failing(new Response('<html>oops</html>', { status: 200 })).create(newPayment())).rejects.toThrow(
      /not an XML answer/,
    );
  });

  it('throws when FreedomPay cannot be reached', async () => {
    const unreachable = createFreedomPay({ merchantId: MERCHANT_ID, secretKey: SECRET, url: 'http://127.0.0.1:1' });
    await expect(unreachable.create(newPayment())).rejects.toBeInstanceOf(ProviderError);
  });

  it('gives up after the timeout', async () => {
    const impatient = createFreedomPay({
      merchantId: MERCHANT_ID,
      secretKey: SECRET,
      url: standIn.url,
      timeoutMs: 200,
    });
    standIn.hangNext('get_status3.php');
    const started = Date.now();
    await expect(impatient.status({ orderId: 'x', providerPaymentId: null })).rejects.toThrow(
      'FreedomPay get_status3.php: no answer within 200 ms',
    );
    expect(Date.now() - started).toBeLessThan(1_900);
  });
});

describe('payments from a saved card', () => {
  const savedProfile = async () => {
    const created = await provider.create(newPayment({ saveCard: true }));
    await standIn.pay(created.providerPaymentId, { result: 'ok' });
    const profileId = (received.at(-1) as ProviderCallback).savedCard!.profileId;
    received.length = 0;
    return profileId;
  };

  it('make_recurring_payment charges the profile: the answer names the payment, its callback settles it', async () => {
    const profileId = await savedProfile();
    const charged = await provider.chargeSaved({
      orderId: 'AUTO-1',
      amountTyiyn: 500_00n,
      profileId,
      description: 'Автопополнение',
      resultUrl: callbackUrl,
    });
    const kept = standIn.payments.find((payment) => payment.id === charged.providerPaymentId);
    expect(kept).toMatchObject({ orderId: 'AUTO-1', amount: '500.00', recurringProfile: profileId });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ orderId: 'AUTO-1', outcome: 'paid', amountTyiyn: 500_00n });
  });

  it('a profile the provider no longer keeps, or a non-positive amount, is refused', async () => {
    const profileId = await savedProfile();
    standIn.removeProfile(profileId);
    const charge = { orderId: 'AUTO-2', amountTyiyn: 100_00n, profileId, description: 'x', resultUrl: callbackUrl };
    await expect(provider.chargeSaved(charge)).rejects.toThrow('FreedomPay make_recurring_payment.php: error 350');
    await expect(provider.chargeSaved({ ...charge, amountTyiyn: 0n })).rejects.toThrow(ProviderError);
  });
});

describe('callbacks', () => {
  it('reads a paid callback the stand-in sends, and the stand-in takes our signed answer', async () => {
    const payment = newPayment({ amountTyiyn: 123_456n });
    const created = await provider.create(payment);
    const answer = await standIn.pay(created.providerPaymentId, { result: 'ok' });
    expect(answer.status).toBe(200);
    expect(received).toEqual([
      {
        orderId: payment.orderId,
        providerPaymentId: created.providerPaymentId,
        amountTyiyn: 123_456n,
        outcome: 'paid',
        card: '440043******1234',
        failure: '',
        savedCard: null,
      },
    ]);
    const [callback] = standIn.payments.find((kept) => kept.id === created.providerPaymentId)?.callbacks ?? [];
    expect(callback).toMatchObject({ status: 200, answer: { pg_status: 'ok' }, answerSignatureValid: true });
  });

  it('a payment that asked to save the card starts a recurring profile; its paid callback names it', async () => {
    const payment = newPayment({ saveCard: true });
    const created = await provider.create(payment);
    expect(standIn.payments.find((kept) => kept.id === created.providerPaymentId)?.recurringStart).toBe(true);
    await standIn.pay(created.providerPaymentId, { result: 'ok' });
    const [callback] = received as ProviderCallback[];
    expect(callback?.savedCard?.profileId).toMatch(/^\d+$/);
    expect(callback?.savedCard?.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The status check names it too.
    const status = await provider.status({ orderId: payment.orderId, providerPaymentId: created.providerPaymentId });
    expect(status.savedCard).toEqual(callback?.savedCard);
  });

  it('reads no saved card from a profile id that is not one, nor from a failed payment', () => {
    const long = provider.readCallback(CALLBACK_PATH, signedCallback({ pg_recurring_profile_id: 'x'.repeat(65) }));
    expect(long.savedCard).toBeNull();
    const failed = provider.readCallback(
      CALLBACK_PATH,
      signedCallback({ pg_result: '0', pg_recurring_profile_id: '7000001' }),
    );
    expect(failed.savedCard).toBeNull();
    const noDate = provider.readCallback(
      CALLBACK_PATH,
      signedCallback({ pg_recurring_profile_id: '7000001', pg_recurring_profile_expiry_date: 'soon' }),
    );
    expect(noDate.savedCard).toEqual({ profileId: '7000001', expiresOn: null });
  });

  it('reads a failed callback with its reason', async () => {
    const created = await provider.create(newPayment());
    await standIn.pay(created.providerPaymentId, { result: 'failed' });
    expect(received).toMatchObject([{ outcome: 'failed', amountTyiyn: 15_000n, failure: 'Операция отклонена банком' }]);
  });

  it('reads a repeated callback the same way (taking it twice is the service’s to prevent)', async () => {
    const created = await provider.create(newPayment());
    await standIn.pay(created.providerPaymentId, { result: 'ok' });
    await standIn.sendCallback(created.providerPaymentId);
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);
  });

  it.each([
    ['a wrong signature', { signWith: 'not-the-secret' }, /wrong signature/],
    ['no signature', { omitSig: true }, /without pg_sig/],
    ['an amount changed after signing', { tamper: { pg_amount: '1500.00' } }, /wrong signature/],
    ['an order changed after signing', { tamper: { pg_order_id: 'ORD-other' } }, /wrong signature/],
  ])('refuses a callback with %s', async (_name, overrides, message) => {
    const created = await provider.create(newPayment());
    standIn.setStatus(created.providerPaymentId, 'success');
    const answer = await standIn.sendCallback(created.providerPaymentId, overrides);
    expect(received).toHaveLength(1);
    expect(received[0]).toBeInstanceOf(InvalidCallbackError);
    expect((received[0] as Error).message).toMatch(message);
    expect(parseFlatXml(answer.body)).toMatchObject({ pg_status: 'rejected' });
  });

  it('reads a signed callback of an order we do not know (whether to take it is the service’s call)', async () => {
    const created = await provider.create(newPayment());
    await standIn.sendCallback(created.providerPaymentId, { fields: { pg_order_id: 'ORD-unknown' } });
    expect(received).toMatchObject([{ orderId: 'ORD-unknown' }]);
  });

  it('reads amounts exactly, never through a float', () => {
    for (const [text, tyiyn] of [
      ['1234.56', 123_456n],
      ['100.10', 10_010n],
      ['0.01', 1n],
      ['0.1', 10n],
      ['150', 15_000n],
      ['9007199254740.99', 900_719_925_474_099n],
    ] as const) {
      expect(provider.readCallback(CALLBACK_PATH, signedCallback({ pg_amount: text })).amountTyiyn).toBe(tyiyn);
    }
  });

  it('signs with the callback path’s last segment, with or without a trailing slash or a query', () => {
    const fields = signedCallback({});
    expect(provider.readCallback('/api/app/v1/payments/freedompay/result', fields).outcome).toBe('paid');
    expect(provider.readCallback('/api/app/v1/payments/freedompay/result?x=1', fields).outcome).toBe('paid');
    expect(() => provider.readCallback('/api/app/v1/payments/freedompay/check/', fields)).toThrow(InvalidCallbackError);
  });

  it.each([
    ['a missing pg_order_id', { pg_order_id: '' }],
    ['a missing pg_payment_id', { pg_payment_id: '' }],
    ['a missing pg_amount', { pg_amount: '' }],
    ['an amount with 3 decimals', { pg_amount: '10.005' }],
    ['a negative amount', { pg_amount: '-1.00' }],
    ['an amount in exponent form', { pg_amount: '1e3' }],
    ['another currency', { pg_currency: 'KZT' }],
    ['an unknown pg_result', { pg_result: '2' }],
  ])('refuses a signed callback with %s', (_name, fields) => {
    expect(() => provider.readCallback(CALLBACK_PATH, signedCallback(fields))).toThrow(InvalidCallbackError);
  });

  it('refuses a callback without pg_result altogether', () => {
    const fields = signedCallback({});
    const { pg_result: _dropped, pg_sig: _sig, ...rest } = fields;
    const resigned = { ...rest, pg_sig: freedomPaySignature('result', rest, SECRET) };
    expect(() => provider.readCallback(CALLBACK_PATH, resigned)).toThrow(/without pg_result/);
  });

  it('takes the signature’s hex in capitals, but nothing around it', () => {
    const fields = signedCallback({});
    expect(
      provider.readCallback(CALLBACK_PATH, { ...fields, pg_sig: (fields.pg_sig ?? '').toUpperCase() }).outcome,
    ).toBe('paid');
    expect(() => provider.readCallback(CALLBACK_PATH, { ...fields, pg_sig: ` ${fields.pg_sig ?? ''}` })).toThrow(
      InvalidCallbackError,
    );
  });
});

describe('the answer to a callback', () => {
  it.each(['ok', 'rejected', 'error'] as const)('is a signed XML document with pg_status %s', (status) => {
    const answer = provider.answerCallback(CALLBACK_PATH, status, 'Заказ <42> & "тест"');
    expect(answer.contentType).toBe('application/xml; charset=utf-8');
    expect(answer.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const fields = parseFlatXml(answer.body);
    expect(fields).toMatchObject({ pg_status: status, pg_description: 'Заказ <42> & "тест"' });
    expect(fields.pg_salt).toMatch(/^[0-9a-f]{32}$/);
    expect(fields.pg_sig).toBe(freedomPaySignature('result', fields, SECRET));
  });

  it('has a new salt each time', () => {
    const salts = new Set(
      Array.from({ length: 5 }, () => parseFlatXml(provider.answerCallback(CALLBACK_PATH, 'ok', '').body).pg_salt),
    );
    expect(salts.size).toBe(5);
  });

  it('when it rejects a paid payment, the stand-in refunds it as FreedomPay does (pg_can_reject)', async () => {
    const created = await provider.create(newPayment());
    standIn.setStatus(created.providerPaymentId, 'success');
    await standIn.sendCallback(created.providerPaymentId, { tamper: { pg_amount: '1.00' } });
    expect(standIn.payments.find((kept) => kept.id === created.providerPaymentId)).toMatchObject({
      status: 'refunded',
      refunded: '150.00',
    });
  });
});

describe('the payment page', () => {
  it('shows the amount and a card, and pressing Pay sends the callback and goes to the success page', async () => {
    const payment = newPayment({ amountTyiyn: 10_010n });
    const created = await provider.create(payment);
    const page = await fetch(created.redirectUrl);
    const html = await page.text();
    expect(html).toContain('<title>FreedomPay — оплата</title>');
    expect(html).toContain('100.10 KGS');
    expect(html).toContain('value="4400 4300 0000 1234"');
    expect(html).toMatch(/id="pay"[^>]*>Оплатить</);
    expect(html).toMatch(/id="decline"[^>]*>Отказаться</);

    const pressed = await fetch(created.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4400+4300+0000+1234&action=pay',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(payment.successUrl);
    expect(received).toMatchObject([{ orderId: payment.orderId, outcome: 'paid', amountTyiyn: 10_010n }]);

    const again = await fetch(created.redirectUrl, { method: 'POST', body: 'action=pay', redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(received).toHaveLength(1);
  });

  it('pressing Decline sends a failed callback and goes to the failure page', async () => {
    const payment = newPayment();
    const created = await provider.create(payment);
    const pressed = await fetch(created.redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=decline',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(payment.failureUrl);
    expect(received).toMatchObject([{ outcome: 'failed' }]);
  });
});
