import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOwnHost } from '../control/access';
import type { MockServices } from '../services';
import { perMinuteLimit } from './slidingWindows';

/**
 * The CSP report endpoint: browsers post violations of the page's Content-Security-Policy here
 * (`report-uri /csp-report`, legacy `application/csp-report` or Reporting API `application/reports+json`),
 * and each is recorded in the journal (call `unknown`, path /csp-report) so tests can assert there are none.
 * Only the origin and path of the addresses are kept: a query or hash may carry a session key.
 */
export const CSP_REPORT_PATH = '/csp-report';
const REPORT_LIMIT = 16 * 1024;
/** Violations recorded per report, and per client address a minute. */
const VIOLATIONS_PER_REPORT = 10;
export const CSP_REPORTS_PER_MINUTE = 60;

export interface CspViolation {
  readonly directive: string;
  readonly blocked: string;
  readonly document: string;
  readonly disposition: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 512) : '';
}

/** An address without query, hash or credentials; a keyword (`inline`, `eval`) as it is. */
export function withoutSecrets(address: string): string {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? `${url.origin}${url.pathname}`
      : url.protocol;
  } catch {
    return address.split(/[?#]/, 1)[0] ?? '';
  }
}

/** The full addresses of the documents a report body is about (before any is cut to origin and path). */
function documentsOf(body: unknown): string[] {
  if (Array.isArray(body)) {
    return body.flatMap((report: { body?: { documentURL?: unknown }; url?: unknown }) => {
      const document = report?.body?.documentURL ?? report?.url;
      return typeof document === 'string' ? [document] : [];
    });
  }
  if (typeof body === 'object' && body !== null && 'csp-report' in body) {
    const legacy = (body as Record<string, { 'document-uri'?: unknown } | undefined>)['csp-report'];
    const document = legacy?.['document-uri'];
    return typeof document === 'string' ? [document] : [];
  }
  return [];
}

/** The violations in a report body of either format; anything else gives none. */
export function violationsOf(body: unknown): CspViolation[] {
  const bodies: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const report of body as Array<{ type?: unknown; body?: unknown }>) {
      if (report?.type === 'csp-violation' && typeof report.body === 'object' && report.body !== null)
        bodies.push(report.body as Record<string, unknown>);
    }
  } else if (typeof body === 'object' && body !== null && 'csp-report' in body) {
    const legacy = (body as Record<string, unknown>)['csp-report'];
    if (typeof legacy === 'object' && legacy !== null) {
      const r = legacy as Record<string, unknown>;
      bodies.push({
        effectiveDirective: r['effective-directive'] ?? r['violated-directive'],
        blockedURL: r['blocked-uri'],
        documentURL: r['document-uri'],
        disposition: r.disposition,
      });
    }
  }
  return bodies.map((b) => ({
    directive: text(b.effectiveDirective),
    blocked: withoutSecrets(text(b.blockedURL)),
    document: withoutSecrets(text(b.documentURL)),
    disposition: text(b.disposition) || 'enforce',
  }));
}

/** The origin of one of this server's own pages: its public base, or an address it answers for. */
function isOwnPage(app: FastifyInstance, services: MockServices, address: string, request: FastifyRequest) {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const base = services.options.publicBase;
  if (base !== undefined && new URL(base).origin === url.origin) return true;
  return isOwnHost(app, url.host) && url.host === request.headers.host?.trim().toLowerCase();
}

/**
 * Whether a report comes from the app's own pages: the document it is about is one of them, and so is the
 * Origin the browser sent, if any. Any other site could otherwise write into the journal.
 */
function fromOwnPages(
  app: FastifyInstance,
  services: MockServices,
  request: FastifyRequest,
  documents: readonly string[],
): boolean {
  const origin = request.headers.origin;
  // A blocked frame's report (frame-ancestors) comes from a context with no origin of its own: `null`. Any
  // other Origin must be one of the app's pages; the document must be in every case.
  if (origin !== undefined && origin !== 'null' && !isOwnPage(app, services, origin, request)) return false;
  return documents.length > 0 && documents.every((document) => isOwnPage(app, services, document, request));
}

export async function registerCspReport(app: FastifyInstance, services: MockServices): Promise<void> {
  const admit = perMinuteLimit(services.world.clock, CSP_REPORTS_PER_MINUTE);
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: REPORT_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, undefined);
        }
      },
    );
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_LIMIT }, async (request, reply) => {
      const started = performance.now();
      const documents = documentsOf(request.body);
      // Answered alike whether kept or not: a site learns nothing from trying.
      if (!fromOwnPages(app, services, request, documents) || !admit(request.ip))
        return reply.code(204).send();
      for (const violation of violationsOf(request.body).slice(0, VIOLATIONS_PER_REPORT)) {
        services.control.record({
          atMs: services.world.clock.now(),
          call: 'unknown',
          method: 'POST',
          path: CSP_REPORT_PATH,
          params: violation,
          result: 0,
          ms: Math.round(performance.now() - started),
        });
      }
      return reply.code(204).send();
    });
  });
}
