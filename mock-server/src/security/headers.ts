import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Security headers. The web app's pages get the headers its build wrote (`security-headers.json`
 * in the build folder: a strict CSP with the hashes of the page's inline scripts, framing refused,
 * Referrer-Policy, Permissions-Policy), and HSTS when served over https. API answers are never cached nor
 * sniffed nor framed. The provider simulators' pages stand in for other sites and keep only `nosniff`.
 */

const API = /^\/(api|third)\//;
const FOREIGN = /^\/__(mock|provider)\//;
const HSTS = 'max-age=31536000; includeSubDomains';

export const API_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin',
};

/** The page headers a web build wrote (web/src/prerender.tsx): every page's, and the sign-in page's own. */
const BuiltPageHeadersSchema = z.object({
  page: z.record(z.string(), z.string()),
  /** The sign-in page's: the only policy that allows the social sign-in SDKs' hosts. */
  signIn: z.record(z.string(), z.string()),
  signInPath: z.string(),
});
export type BuiltPageHeaders = z.infer<typeof BuiltPageHeadersSchema>;

/** The page headers a web build wrote, or undefined (an API-only mock, or no such file in the build). */
export function builtPageHeaders(webRoot: string | undefined): BuiltPageHeaders | undefined {
  if (webRoot === undefined) return undefined;
  const file = join(webRoot, 'security-headers.json');
  if (!existsSync(file)) return undefined;
  return BuiltPageHeadersSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))).data;
}

/** Which of the built policies a page's path gets: the sign-in page's own, or every other page's. */
export function pageHeadersFor(built: BuiltPageHeaders, path: string): Record<string, string> {
  const page = path.replace(/\/(index\.html)?$/, '');
  return page === built.signInPath ? built.signIn : built.page;
}

/**
 * The page headers of the build as it is now: read again when `security-headers.json` changes, so a web
 * rebuild under a running mock (new inline-script hashes) is served with its own policy.
 */
function currentPageHeaders(webRoot: string | undefined): () => BuiltPageHeaders | undefined {
  let built = builtPageHeaders(webRoot);
  const stamp = () => {
    if (webRoot === undefined) return undefined;
    try {
      const { mtimeMs, size } = statSync(join(webRoot, 'security-headers.json'));
      return { mtimeMs, size };
    } catch {
      return undefined;
    }
  };
  let seen = stamp();
  return () => {
    const now = stamp();
    if (now?.mtimeMs !== seen?.mtimeMs || now?.size !== seen?.size) {
      seen = now;
      built = builtPageHeaders(webRoot);
    }
    return built;
  };
}

export function registerSecurityHeaders(app: FastifyInstance, webRoot: string | undefined): void {
  const pageHeaders = currentPageHeaders(webRoot);
  if (webRoot !== undefined && existsSync(join(webRoot, 'index.html')) && pageHeaders() === undefined)
    app.log.warn('the web build has no security-headers.json: its pages are served without a CSP');
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const path = request.url.split('?', 1)[0] ?? '';
    if (API.test(path)) {
      reply.headers(API_HEADERS);
    } else if (!FOREIGN.test(path) && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      const built = pageHeaders();
      if (built !== undefined) {
        reply.headers(pageHeadersFor(built, path));
        if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
      }
    }
    done(null, payload);
  });
}
