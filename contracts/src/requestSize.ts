/**
 * How large a request's head may be: the server reads at most REQUEST_HEAD_MAX_BYTES of the request line and
 * headers together and answers anything larger with HTTP 431 (Node's parser limit, which the mock sets to this
 * value). A GET call's parameters travel in that head, so its whole query string, percent-encoded as sent, is
 * held to QUERY_MAX_BYTES: the rest of the head is left for the path and the headers a client sends (the
 * session key, the device and client ids, a browser's own). The OpenAPI document states both
 * (`x-max-query-bytes` on each query operation), the CLI's fuzzer sends no query past it.
 */
export const REQUEST_HEAD_MAX_BYTES = 16_384;
export const QUERY_MAX_BYTES = 8_000;

/** The query string a set of parameters makes, as a client sends it (form encoding, UTF-8 percent-escaped). */
export function queryBytes(params: Readonly<Record<string, string>>): number {
  return new URLSearchParams(params).toString().length;
}
