import { randomBytes } from 'node:crypto';
import { CHALLENGE_PASSWORD } from '@topup/contracts';
import {
  AdyenEncryptCvcRequestSchema,
  AdyenEncryptRequestSchema,
  AdyenErrorCode,
  AdyenFingerprintRequestSchema,
  ChallengePageQuerySchema,
  CheckoutCvvRequestSchema,
  CheckoutTokenRequestSchema,
  HostedPayDecisionSchema,
  IssuerDecisionSchema,
  PageOrderQuerySchema,
  SimulatorPath,
  THREE_DS_MESSAGE_TYPE,
  type ThreeDsMessage,
} from '@topup/contracts/simulators';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { MockServices } from '../services';
import {
  answerChallenge,
  answerCheckoutThreeDs,
  answerFingerprint,
  checkoutThreeDs,
  issuerDecision,
  settleHosted,
} from '../world/orderPages';
import type { Order } from '../world/orders';
import {
  amountLine,
  contentSecurityPolicy,
  errorPage,
  escapeHtml,
  hidden,
  type Page,
  renderPage,
  scriptJson,
} from './pages';
import { adyenAccepts, checkCard, issuerOf, securityCodeValid } from './tokenise';

/**
 * The provider simulators: the surfaces the real SDKs would reach (SPEC's providers 13 and 17, the redirect
 * providers' hosted page). Each answers in its provider's own shape, not the backend envelope. Card numbers
 * and security codes are read only to validate and tokenise; the tokens live in the world's ProviderVault.
 */
export function registerProviderRoutes(app: FastifyInstance, services: MockServices): void {
  const now = () => services.world.clock.date();
  const orderOf = (orderId: string): Order | undefined => services.world.orders.get(orderId);

  app.post(SimulatorPath.checkoutTokens, async (request, reply) => {
    noStore(reply);
    const parsed = CheckoutTokenRequestSchema.safeParse(request.body);
    if (!parsed.success) return checkoutError(reply, codesOfShape(parsed.error));
    const { number, expiry_month, expiry_year, cvv, name = '' } = parsed.data;
    const check = checkCard({ number, expiryMonth: expiry_month, expiryYear: expiry_year, cvv, name }, now());
    if (!check.ok) return checkoutError(reply, check.checkoutCodes);
    const { card } = check;
    const vault = services.world.providers;
    const token = vault.issueCardToken({ provider: 13, ...card, securityCodeDigest: vault.codeDigest(cvv) });
    return {
      type: 'card',
      token,
      bin: card.bin,
      last4: card.last4,
      scheme: card.scheme,
      issuer: issuerOf(card.scheme),
      issuer_country: 'SA',
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      name: card.name,
    };
  });

  app.post(SimulatorPath.checkoutCvv, async (request, reply) => {
    noStore(reply);
    const parsed = CheckoutCvvRequestSchema.safeParse(request.body);
    if (!parsed.success || !securityCodeValid(parsed.data.cvv)) return checkoutError(reply, ['cvv_invalid']);
    return { type: 'cvv', token: services.world.providers.issueSecurityCode('cvv_', parsed.data.cvv) };
  });

  app.post(SimulatorPath.adyenEncrypt, async (request, reply) => {
    noStore(reply);
    const parsed = AdyenEncryptRequestSchema.safeParse(request.body);
    if (!parsed.success) return adyenError(reply, AdyenErrorCode.numberInvalid, firstIssue(parsed.error));
    const { number, expiryMonth, expiryYear, cvc, holderName } = parsed.data;
    const check = checkCard({ number, expiryMonth, expiryYear, cvv: cvc, name: holderName }, now());
    if (!check.ok && check.adyenCode === AdyenErrorCode.numberInvalid) {
      return adyenError(reply, check.adyenCode, 'card number invalid');
    }
    // Provider 17 accepts only Visa and Mastercard (SPEC §5): Amex is refused before anything is encrypted.
    if (!adyenAccepts(number)) {
      return adyenError(reply, AdyenErrorCode.schemeNotAccepted, 'only Visa and Mastercard are accepted');
    }
    if (!check.ok) return adyenError(reply, check.adyenCode, 'card field invalid');
    const { card } = check;
    const vault = services.world.providers;
    const fields = vault.issueEncryptedCard({
      provider: 17,
      ...card,
      securityCodeDigest: vault.codeDigest(cvc),
    });
    return {
      ...fields,
      brand: card.scheme === 'mastercard' ? 'mc' : 'visa',
      bin: card.bin,
      last4: card.last4,
    };
  });

  app.post(SimulatorPath.adyenEncryptCvc, async (request, reply) => {
    noStore(reply);
    const parsed = AdyenEncryptCvcRequestSchema.safeParse(request.body);
    if (!parsed.success || !securityCodeValid(parsed.data.cvc)) {
      return adyenError(reply, AdyenErrorCode.cvcInvalid, 'security code invalid');
    }
    return {
      encryptedSecurityCode: services.world.providers.issueSecurityCode('adyenjs_mock_', parsed.data.cvc),
    };
  });

  app.post(SimulatorPath.adyenFingerprint, async (request, reply) => {
    noStore(reply);
    const parsed = AdyenFingerprintRequestSchema.safeParse(request.body);
    const result = parsed.success ? answerFingerprint(services.world, parsed.data.token) : undefined;
    if (result === undefined) return adyenError(reply, 'invalid-token', 'unknown fingerprint token');
    return { threeDSResult: result };
  });

  // The 3DS2 challenge (ChallengeShopper): full screen (window size 05), the TESTDATA password rule.
  app.get(SimulatorPath.adyenChallenge, async (request, reply) => {
    const query = ChallengePageQuerySchema.safeParse(request.query);
    const order = query.success ? orderOf(query.data.order_id) : undefined;
    const step = query.success ? services.world.providers.threeDsStep(query.data.token) : undefined;
    if (!query.success || order === undefined || step?.orderId !== order.id) {
      return sendPage(reply, errorPage('رابط التحقق غير صالح أو انتهت صلاحيته'), 404);
    }
    return sendPage(reply, challengePage(order, query.data.token));
  });

  app.post(SimulatorPath.adyenChallenge, async (request, reply) => {
    const form = ChallengeFormSchema.safeParse(request.body);
    const order = form.success ? orderOf(form.data.order_id) : undefined;
    if (!form.success || order === undefined) return sendPage(reply, errorPage('طلب التحقق غير صالح'), 400);
    const threeDSResult = answerChallenge(services.world, order, form.data.token, form.data.password);
    if (threeDSResult === undefined) return sendPage(reply, errorPage('انتهت جلسة التحقق'), 409);
    const passed = form.data.password === CHALLENGE_PASSWORD;
    return sendPage(reply, challengeResultPage(order, passed, threeDSResult));
  });

  // RedirectShopper: the issuer's page, back to /recharge-list with the redirectResult.
  app.get(SimulatorPath.adyenIssuer, async (request, reply) => {
    const query = PageOrderQuerySchema.safeParse(request.query);
    const order = query.success ? orderOf(query.data.order_id) : undefined;
    if (order === undefined) return sendPage(reply, errorPage('لم نجد هذا الطلب'), 404);
    return sendPage(reply, issuerPage(order));
  });

  app.post(SimulatorPath.adyenIssuer, async (request, reply) => {
    const form = IssuerFormSchema.safeParse(request.body);
    const order = form.success ? orderOf(form.data.order_id) : undefined;
    if (!form.success || order === undefined) return sendPage(reply, errorPage('لم نجد هذا الطلب'), 404);
    const back = issuerDecision(services.world, order, form.data.decision === 'approve');
    return reply.redirect(back ?? order.returnUrl, 303);
  });

  // Provider 13's 3-D Secure page: the challenge, a fingerprint that passes at once, or the issuer's page.
  app.get(SimulatorPath.checkoutThreeDs, async (request, reply) => {
    const query = ChallengePageQuerySchema.safeParse(request.query);
    const order = query.success ? orderOf(query.data.order_id) : undefined;
    const step =
      query.success && order !== undefined
        ? checkoutThreeDs(services.world, order, query.data.token)
        : undefined;
    if (!query.success || order === undefined || step === undefined) {
      return sendPage(reply, errorPage('رابط التحقق غير صالح أو انتهت صلاحيته'), 404);
    }
    return sendPage(reply, checkoutThreeDsPage(order, query.data.token, step.kind));
  });

  app.post(SimulatorPath.checkoutThreeDs, async (request, reply) => {
    const form = CheckoutThreeDsFormSchema.safeParse(request.body);
    const order = form.success ? orderOf(form.data.order_id) : undefined;
    if (!form.success || order === undefined) return sendPage(reply, errorPage('طلب التحقق غير صالح'), 400);
    const back = answerCheckoutThreeDs(services.world, order, form.data.token, {
      password: form.data.password ?? '',
      approve: form.data.decision !== 'decline',
    });
    if (back === undefined) return sendPage(reply, errorPage('انتهت جلسة التحقق'), 409);
    return reply.redirect(back, 303);
  });

  // The hosted payment page of redirect providers (24, 25, 28-31) and of payer_max fines.
  app.get(SimulatorPath.hostedPay, async (request, reply) => {
    const query = PageOrderQuerySchema.safeParse(request.query);
    const order = query.success ? orderOf(query.data.order_id) : undefined;
    if (order === undefined) return sendPage(reply, errorPage('لم نجد هذا الطلب'), 404);
    return sendPage(reply, hostedPage(order));
  });

  app.post(SimulatorPath.hostedPay, async (request, reply) => {
    const form = HostedFormSchema.safeParse(request.body);
    const order = form.success ? orderOf(form.data.order_id) : undefined;
    if (!form.success || order === undefined) return sendPage(reply, errorPage('لم نجد هذا الطلب'), 404);
    return reply.redirect(settleHosted(services.world, order, form.data.decision), 303);
  });
}

const ChallengeFormSchema = z.object({
  order_id: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
  password: z.string().max(256),
});
const CheckoutThreeDsFormSchema = z.object({
  order_id: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
  password: z.string().max(256).optional(),
  decision: z.enum(['approve', 'decline']).optional(),
});
const IssuerFormSchema = z.object({ order_id: z.string().min(1).max(64), decision: IssuerDecisionSchema });
const HostedFormSchema = z.object({ order_id: z.string().min(1).max(64), decision: HostedPayDecisionSchema });

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

function checkoutError(reply: FastifyReply, codes: readonly string[]) {
  return reply.code(422).send({
    request_id: `req_${randomBytes(8).toString('hex')}`,
    error_type: 'request_invalid',
    error_codes: codes.length > 0 ? codes : ['request_invalid'],
  });
}

function adyenError(reply: FastifyReply, errorCode: string, message: string) {
  return reply.code(422).send({ errorCode, message });
}

/** Checkout's codes for a body that breaks the shape: `<field>_invalid`, never echoing the value. */
function codesOfShape(error: z.core.$ZodError): string[] {
  const fields = new Set(error.issues.map((issue) => String(issue.path[0] ?? 'request')));
  return [...fields].map((field) => (field === 'number' ? 'card_number_invalid' : `${field}_invalid`));
}

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  return issue === undefined ? 'invalid request' : `${issue.path.join('.')}: ${issue.message}`;
}

function sendPage(reply: FastifyReply, page: Page, status = 200) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(renderPage(page, nonce));
}

/** The issuer's password challenge; Adyen's and Checkout.com's simulators post it to their own path. */
function challengePage(order: Order, token: string, action: string = SimulatorPath.adyenChallenge): Page {
  return {
    title: 'التحقق من البنك',
    body: `<h1 id="title">التحقق من هويتك لدى البنك</h1>
<p>لا تغلق المتصفح، واتبع تعليمات التحقق من البنك.</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${action}" aria-labelledby="title" data-testid="challenge-form">
${hidden('order_id', order.id)}${hidden('token', token)}
<label for="password">كلمة مرور التحقق</label>
<input id="password" name="password" type="password" autocomplete="one-time-code" required autofocus aria-describedby="hint" data-testid="challenge-password">
<p id="hint" class="hint">بيئة اختبار: كلمة المرور <span class="ltr">password</span> تؤكّد الدفع، وأي كلمة أخرى تُفشل التحقق.</p>
<button type="submit" class="primary" data-testid="challenge-submit">تأكيد</button>
</form>`,
  };
}

/** Posts the result to the app's frame (only to the app's origin), and offers a way back when standalone. */
function challengeResultPage(order: Order, passed: boolean, threeDSResult: string): Page {
  const message: ThreeDsMessage = {
    type: THREE_DS_MESSAGE_TYPE,
    order_id: order.id,
    transStatus: passed ? 'Y' : 'N',
    threeDSResult,
  };
  const back = `${order.returnUrl}&${new URLSearchParams({ threeDSResult })}`;
  const appOrigin = originOfUrl(order.returnUrl);
  return {
    title: passed ? 'تم التحقق' : 'لم يكتمل التحقق',
    body: `<h1>${passed ? 'تم التحقق' : 'لم يكتمل التحقق'}</h1>
<p role="status" data-testid="challenge-result" data-trans-status="${message.transStatus}">${
      passed ? 'تم التحقق من هويتك، وجارٍ إتمام الدفع.' : 'لم يكتمل التحقق من البنك. تابع لترى نتيجة الدفع.'
    }</p>
<a class="button primary" href="${escapeHtml(back)}" data-testid="challenge-continue">متابعة</a>`,
    script: `(function(){var m=${scriptJson(message)},o=${scriptJson(appOrigin)};if(o!=='null'&&window.parent&&window.parent!==window){window.parent.postMessage(m,o);}})();`,
  };
}

/** The app's origin, the only one the challenge result is posted to; none when the URL is unusable. */
function originOfUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** Checkout.com's 3-D Secure page: the challenge's password form, or the issuer's (fingerprint: one tap). */
function checkoutThreeDsPage(order: Order, token: string, kind: 'challenge' | 'identify' | 'redirect'): Page {
  const fields = `${hidden('order_id', order.id)}${hidden('token', token)}`;
  const action = SimulatorPath.checkoutThreeDs;
  if (kind === 'challenge') return challengePage(order, token, action);
  if (kind === 'identify') {
    return {
      title: 'التحقق من الجهاز',
      body: `<h1 id="title">التحقق من الجهاز لدى البنك</h1>
<p>يتحقق البنك من جهازك، ثم يعود بك إلى الدفع.</p>
<form class="card" method="post" action="${action}" aria-labelledby="title">
${fields}
<button type="submit" name="decision" value="approve" class="primary" data-testid="fingerprint-continue">متابعة</button>
</form>`,
    };
  }
  return {
    title: 'صفحة البنك المُصدر',
    body: `<h1 id="title">صفحة البنك المُصدر</h1>
<p>يطلب البنك تأكيد هذا الدفع.</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${action}" aria-labelledby="title">
${fields}
<button type="submit" name="decision" value="approve" class="primary" data-testid="issuer-approve">الموافقة على الدفع</button>
<button type="submit" name="decision" value="decline" class="danger" data-testid="issuer-decline">رفض الدفع</button>
</form>`,
  };
}

function issuerPage(order: Order): Page {
  return {
    title: 'صفحة البنك المُصدر',
    body: `<h1 id="title">صفحة البنك المُصدر</h1>
<p>يطلب البنك تأكيد هذا الدفع.</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${SimulatorPath.adyenIssuer}" aria-labelledby="title">
${hidden('order_id', order.id)}
<button type="submit" name="decision" value="approve" class="primary" data-testid="issuer-approve">الموافقة على الدفع</button>
<button type="submit" name="decision" value="decline" class="danger" data-testid="issuer-decline">رفض الدفع</button>
</form>`,
  };
}

function hostedPage(order: Order): Page {
  const title = order.purpose === 'fine' ? 'دفع الغرامة' : 'صفحة الدفع';
  return {
    title,
    body: `<h1 id="title">${title}</h1>
<p>صفحة دفع تجريبية لمزوّد الدفع (نوع الدفع <span class="ltr">${order.payType}</span>).</p>
${amountLine(order.amount)}
<form class="card" method="post" action="${SimulatorPath.hostedPay}" aria-labelledby="title">
${hidden('order_id', order.id)}
<button type="submit" name="decision" value="pay" class="primary" data-testid="hosted-pay">ادفع</button>
<button type="submit" name="decision" value="fail" class="danger" data-testid="hosted-fail">رفض الدفع</button>
<button type="submit" name="decision" value="cancel" class="secondary" data-testid="hosted-cancel">إلغاء</button>
</form>`,
  };
}
