import type { FastifyInstance } from 'fastify';
import type { MockServices } from '../services';

/**
 * The CSP report endpoint (issue 11): browsers post violations of the page's Content-Security-Policy here
 * (`report-uri /csp-report`, legacy `application/csp-report` or Reporting API `application/reports+json`),
 * and each is recorded in the journal (call `unknown`, path /csp-report) so tests can assert there are none.
 * Only the origin and path of the addresses are kept: a query or hash may carry a session key.
 */
export const CSP_REPORT_PATH = '/csp-report';
const REPORT_LIMIT = 16 * 1024;

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

export async function registerCspReport(app: FastifyInstance, services: MockServices): Promise<void> {
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
      for (const violation of violationsOf(request.body)) {
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
