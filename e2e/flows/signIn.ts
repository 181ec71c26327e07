import { type BrowserContext, expect, type Page } from '@playwright/test';
import { accounts, DisplayUid } from '@topup/contracts/testdata/accounts';
import { LoginPage } from '../pages/LoginPage';
import { Shell } from '../pages/Shell';

/** Signs in on /login with an account of the catalogue and waits for /pay. */
export async function signInByAccount(page: Page, displayUid: string = DisplayUid.reem): Promise<void> {
  const account = accounts.find((a) => a.display_uid === displayUid);
  if (!account?.password) throw new Error(`${displayUid} has no password in the catalogue`);
  const login = new LoginPage(page);
  await login.open();
  await login.accountId.fill(account.display_uid);
  await login.password.fill(account.password);
  await login.submit.click();
  await expect(page).toHaveURL(/\/pay(\?|$)/);
}

/** Noura's session key (10000010), which another window signs in with. */
export const NOURA_SESSION = 'sk-10000010';

/**
 * Another window of the same browser opens Noura's link (`origin`: the page's own, when not the suite's) and
 * signs in with it (`signedOut`: no one was signed in), then closes: the pages open hear it through the
 * storage event.
 */
export async function nouraSignsInElsewhere(
  context: BrowserContext,
  { origin = '', signedOut = false }: { readonly origin?: string; readonly signedOut?: boolean } = {},
): Promise<void> {
  const other = await context.newPage();
  await other.goto(`${origin}/recharge-list?session_key=${NOURA_SESSION}`);
  // Someone signed in: the switch question; no one: the link's own question, answered "it is mine".
  await other.getByRole('button', { name: signedOut ? 'نعم، هذا حسابي' : 'تسجيل الدخول به' }).click();
  await expect(new Shell(other).signOutButton).toBeVisible();
  await other.close();
}

/** The paths of the calls that name an order (its result, failure, cancel, 3-D Secure and wallet answers). */
const ORDER_CALL =
  /^\/api\/(order\/(click_cancel|submit_authentication_result|submit_payment_token|adyen_apple_pay_session_data|adyen_verify_pay)|web\/(pay_result_by_order_fast|get_pay_error_by_order))\/$/;

/** The session key (x-session-key) each call about an order is sent with from now on, by path. */
export function orderCallSessions(page: Page): () => { path: string; key: string | undefined }[] {
  const seen: { path: string; key: string | undefined }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!ORDER_CALL.test(path)) return;
    seen.push({ path, key: request.headers()['x-session-key'] });
  });
  return () => [...seen];
}
