import { randomBytes } from 'node:crypto';
import { CHALLENGE_PASSWORD } from '@topup/contracts';
import {
  ChallengePageQuerySchema,
  HostedPayDecisionSchema,
  IssuerDecisionSchema,
  PageOrderQuerySchema,
  SimulatorPath,
} from '@topup/contracts/simulators';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { MockServices } from '../services';
import {
  answerChallenge,
  answerCheckoutThreeDs,
  checkoutThreeDs,
  issuerDecision,
  settleHosted,
} from '../world/orderPages';
import type { Order } from '../world/orders';
import { registerCardRoutes } from './cardRoutes';
import { contentSecurityPolicy, errorPage, type Page, renderPage } from './pages';
import {
  challengePage,
  challengeResultPage,
  checkoutThreeDsPage,
  hostedPage,
  issuerPage,
} from './simulatorPages';

/**
 * The provider simulators: the surfaces the real SDKs would reach (SPEC's providers 13 and 17, the redirect
 * providers' hosted page). The card SDKs' JSON surfaces are in cardRoutes.ts; this file serves the pages
 * (3DS2 challenge, issuer, Checkout.com's 3-D Secure, hosted payment) and takes their forms.
 */
export function registerProviderRoutes(app: FastifyInstance, services: MockServices): void {
  registerCardRoutes(app, services);
  const orderOf = (orderId: string): Order | undefined => services.world.orders.get(orderId);

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
