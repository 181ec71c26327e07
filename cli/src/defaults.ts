import { join } from 'node:path';

/**
 * The defaults and choices the program's options show in --help. Kept free of every library but node's own
 * (and the contracts' import-free limits), so `topup --help` loads nothing else.
 */
export const REPORTERS = ['pretty', 'json', 'junit', 'html'] as const;
export type Reporter = (typeof REPORTERS)[number];

/**
 * The time-out of each request of the contract check, the fuzzer and scenario runs: five times the 2 s latency
 * budget. An answer past the budget fails as slow anyway; a backend that hangs fails each call (and each
 * scenario) after 10 s, not 60.
 */
export const CHECK_TIMEOUT_MS = 10_000;

/** Where `--last-failed` finds the names of the scenarios that failed in the last run. */
export const LAST_RUN_FILE = join('.topup', 'last-run.json');

/** Where `topup mock` listens by default: the mock the triggers and `mock tail` act on when given no --target. */
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:8080';
