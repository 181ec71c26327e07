import { randomBytes } from 'node:crypto';
import {
  AdyenEncryptCvcRequestSchema,
  AdyenEncryptRequestSchema,
  AdyenErrorCode,
  AdyenFingerprintRequestSchema,
  CheckoutCvvRequestSchema,
  CheckoutTokenRequestSchema,
  SimulatorPath,
} from '@topup/contracts/simulators';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { MockServices } from '../services';
import { answerFingerprint } from '../world/orderPages';
import { adyenAccepts, checkCard, issuerOf, securityCodeValid } from './tokenise';

/**
 * The JSON surfaces the card SDKs reach: Checkout.com's card and CVV tokens, Adyen's encryption and its 3DS2
 * fingerprint. Each answers in its provider's own shape and error format, never echoing a card field; card
 * numbers and security codes are read only to validate and tokenise (the tokens live in ProviderVault).
 */
export function registerCardRoutes(app: FastifyInstance, services: MockServices): void {
  const now = () => services.world.clock.date();

  app.post(SimulatorPath.checkoutTokens, async (request, reply) => {
    noStore(reply);
    const parsed = CheckoutTokenRequestSchema.safeParse(request.body);
    if (!parsed.success) return checkoutError(reply, codesOfShape(parsed.error));
    const { number, expiry_month, expiry_year, cvv, name = '' } = parsed.data;
    const check = checkCard({ number, expiryMonth: expiry_month, expiryYear: expiry_year, cvv, name }, now());
    if (!check.ok) return checkoutError(reply, check.checkoutCodes);
    const { card } = check;
    const vault = services.world.providers;
    const token = vault.issueCardToken({
      provider: 13,
      ...card,
      securityCodeDigest: vault.codeDigest(cvv),
      fingerprint: vault.cardFingerprint(number, card),
    });
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
      fingerprint: vault.cardFingerprint(number, card),
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
}

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
