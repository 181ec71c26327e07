import { base, en, Faker } from '@faker-js/faker';
import type { PkgInfo } from '@topup/contracts';
import type { MockOptions } from '../options';
import { CardVault } from './cards';
import { Clock } from './clock';
import { PKG_INFO } from './config';
import { EventLog } from './events';
import { FeedbackDesk } from './feedback';
import { FineBook } from './fines';
import { OrderBook } from './orders';
import { PaymentGuard } from './paymentGuard';
import { People } from './people';
import { ProviderVault } from './providerVault';
import { Sessions } from './sessions';
import { SignInGuard } from './signInGuard';

/**
 * The mock's state in memory, seeded from the test data catalogue. Stores hold the rules; handlers stay thin.
 * A reset builds a new World from the same options.
 */
export class World {
  readonly clock: Clock;
  /** Filler only (extra nicknames, avatars, accounts): the same seed, the same world. */
  readonly faker: Faker;
  readonly options: MockOptions;
  readonly people: People;
  readonly sessions: Sessions;
  readonly cards: CardVault;
  readonly orders: OrderBook;
  readonly fines: FineBook;
  readonly feedback: FeedbackDesk;
  readonly events: EventLog;
  /** The app configuration; the control API may change it (e.g. website_version for the page update). */
  pkgInfo: PkgInfo = structuredClone(PKG_INFO);
  /** Tokens of the provider simulators; a reset forgets them with the rest of the world. */
  readonly providers: ProviderVault;
  /** Sign-in limits and account lockouts; a reset forgets them. */
  readonly signIns: SignInGuard;
  /** Card-testing defences: order velocity and saved cards' wrong security codes; a reset forgets them. */
  readonly payments: PaymentGuard;

  constructor(options: MockOptions, clock = new Clock(options.now)) {
    this.options = options;
    this.clock = clock;
    this.signIns = new SignInGuard(clock, options.signInRateLimit);
    this.payments = new PaymentGuard(clock, options.paymentLimits);
    this.faker = new Faker({ locale: [en, base], seed: options.seed });
    this.people = new People(this);
    this.sessions = new Sessions(this);
    this.cards = new CardVault(this);
    this.providers = new ProviderVault();
    this.fines = new FineBook(this);
    this.orders = new OrderBook(this);
    this.feedback = new FeedbackDesk(this);
    this.events = new EventLog(this);
  }

  /** False for an unknown or logged-out session key (e.g. TESTDATA's sk-expired). */
  isSessionValid(sessionKey: string): boolean {
    return this.sessions.sessionUser(sessionKey) !== undefined;
  }
}
