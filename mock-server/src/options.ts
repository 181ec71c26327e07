import { DEFAULT_ROOM_SOCKETS_PER_ADDRESS } from './room/socket';
import { DEFAULT_PAYMENT_LIMITS, type PaymentLimits } from './world/paymentGuard';

/** How a mock server is started (CLI flags of `npm run mock` and `topup mock`). */
export interface MockOptions {
  /** Seed of the filler data (faker): the same seed, the same world. */
  readonly seed: number;
  /** Freeze the virtual clock at this time; real time when absent. */
  readonly now?: Date | undefined;
  /** Serve the control API under /__mock/. Off for contract runs that must see only the real API surface. */
  readonly control: boolean;
  /** Origins allowed to open the room websocket and to call cross-origin; loopback origins are always allowed. */
  readonly allowedOrigins: readonly string[];
  /** Hosts the wallet domain check may send a visitor to (SPEC §4 pageinfo redirect). */
  readonly walletHosts: readonly string[];
  /**
   * The origin every answered URL is built on (return URLs, hosted pages, backup domains), e.g. the dev
   * server's http://localhost:5173. Absent: the loopback address the request reached, never its Host.
   */
  readonly publicBase?: string | undefined;
  /** Folder of the built web app to serve at /, when present. */
  readonly webRoot?: string | undefined;
  /** Sign-in calls allowed per minute per client address. */
  readonly signInRateLimit: number;
  /** Card-testing defences: order velocity per account, device, card and address; saved cards' code lock. */
  readonly paymentLimits: PaymentLimits;
  /** Room websockets open at once per client address (the bench's thousand clients raise it). */
  readonly roomSocketsPerAddress: number;
  /** Log requests (pino). Tests turn it off. */
  readonly logger: boolean | 'pretty';
  /** Where JSON logs go instead of stdout (tests read the log from it). */
  readonly logStream?: { write(line: string): void } | undefined;
  /** How often room 5001 changes while a client is connected, in ms (TESTDATA: about once a second). */
  readonly liveRoomTickMs: number;
}

export const defaultOptions: MockOptions = {
  seed: 1,
  control: true,
  allowedOrigins: [],
  walletHosts: ['localhost', '127.0.0.1'],
  signInRateLimit: 30,
  paymentLimits: DEFAULT_PAYMENT_LIMITS,
  roomSocketsPerAddress: DEFAULT_ROOM_SOCKETS_PER_ADDRESS,
  logger: false,
  liveRoomTickMs: 1000,
};

export function resolveOptions(partial: Partial<MockOptions> = {}): MockOptions {
  return { ...defaultOptions, ...partial };
}
