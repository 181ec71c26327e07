/**
 * The mock wallet sheet's outcomes (TESTDATA "Wallet"): each is a payment token string that
 * adyen_verify_pay and the wallet pay types honour.
 */

/** Wallet failure reasons of SPEC §4, by which the app picks its toast. */
export type WalletFailureReasonName =
  | 'userCancel'
  | 'networkTimeout'
  | 'highRisk'
  | 'verifyFailed'
  | 'insufficientFunds'
  | 'default';

export interface WalletTokenOutcome {
  readonly token: string;
  /** fail_detail of the payment answer; '' when paid at once. */
  readonly fail_detail: string;
  /** Polls answering -1 (pending) before the final result. */
  readonly pending_polls: number;
  /** The order result once settled: 0 paid, 1 failed. */
  readonly final_result: 0 | 1;
  /** What the failure reason lookup gives; null when paid. */
  readonly failure_reason: WalletFailureReasonName | null;
  readonly note: string;
}

export const WalletToken = {
  success: 'wallet:success',
  pendingSuccess: 'wallet:pending-success',
  pendingFail: 'wallet:pending-fail',
  insufficient: 'wallet:insufficient',
  risk: 'wallet:risk',
  timeout: 'wallet:timeout',
} as const;
export type WalletToken = (typeof WalletToken)[keyof typeof WalletToken];

/** Polls a pending wallet payment answers -1 before it settles. */
export const WALLET_PENDING_POLLS = 3;

const paidAtOnce: WalletTokenOutcome = {
  token: WalletToken.success,
  fail_detail: '',
  pending_polls: 0,
  final_result: 0,
  failure_reason: null,
  note: 'paid at once',
};

export const walletTokens: readonly WalletTokenOutcome[] = [
  paidAtOnce,
  {
    token: WalletToken.pendingSuccess,
    fail_detail: 'pending',
    pending_polls: WALLET_PENDING_POLLS,
    final_result: 0,
    failure_reason: null,
    note: 'the order result is -1 for three polls, then 0',
  },
  {
    token: WalletToken.pendingFail,
    fail_detail: 'pending',
    pending_polls: WALLET_PENDING_POLLS,
    final_result: 1,
    failure_reason: 'default',
    note: 'pending for three polls, then failed; the failure reason lookup gives default',
  },
  {
    token: WalletToken.insufficient,
    fail_detail: 'Insufficient Funds or Exceeds Amount Limits',
    pending_polls: 0,
    final_result: 1,
    failure_reason: 'insufficientFunds',
    note: 'insufficient funds',
  },
  {
    token: WalletToken.risk,
    fail_detail: 'channel_user_risk',
    pending_polls: 0,
    final_result: 1,
    failure_reason: 'highRisk',
    note: 'risk control',
  },
  {
    token: WalletToken.timeout,
    fail_detail: 'time_out',
    pending_polls: 0,
    final_result: 1,
    failure_reason: 'networkTimeout',
    note: 'the provider times out',
  },
];

/** The sheet closed without paying: no token reaches the server and nothing is charged. */
export const walletSheetCancelled = {
  fail_detail: 'userCancel',
  failure_reason: 'userCancel',
  toast: 'payment cancelled',
  charged: false,
} as const;

/**
 * The outcome of any token. Tokens of no row are paid at once (the project's choice), as a real wallet
 * token would be by a sandbox.
 */
export function walletTokenOutcome(token: string): WalletTokenOutcome {
  const known = walletTokens.find((row) => row.token === token);
  if (known !== undefined) return known;
  return { ...paidAtOnce, token };
}

export interface DomainPayability {
  readonly is_payable: boolean;
  /** The domain to move to when not payable; the asked domain itself when payable. */
  readonly domain: string;
}

/** The host that can never hold a wallet merchant session on the mock; the page moves to localhost. */
export const UNPAYABLE_HOST = '127.0.0.1';
export const PAYABLE_HOST = 'localhost';

/**
 * check_domain_payable on the mock: 127.0.0.1 is not payable and is sent to localhost with the same port;
 * any other host (localhost included) is payable. Accepts `host[:port]` or a full URL.
 */
export function domainPayability(domain: string): DomainPayability {
  const { hostname, port } = splitHost(domain);
  if (hostname !== UNPAYABLE_HOST) return { is_payable: true, domain };
  return { is_payable: false, domain: port === '' ? PAYABLE_HOST : `${PAYABLE_HOST}:${port}` };
}

function splitHost(domain: string): { hostname: string; port: string } {
  const withoutScheme = domain.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const host = withoutScheme.split(/[/?#]/, 1)[0] ?? '';
  const match = /^(.*?)(?::(\d+))?$/.exec(host);
  return { hostname: (match?.[1] ?? host).toLowerCase(), port: match?.[2] ?? '' };
}
