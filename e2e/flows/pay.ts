import { expect, type Page, type Request } from '@playwright/test';
import { findCardNumbers } from '@topup/contracts/cardNumber';
import { testCards } from '@topup/contracts/testdata/cards';
import { PayStepPage } from '../pages/payStep';
import { RechargePage } from '../pages/RechargePage';
import { Shell } from '../pages/Shell';
import { CONTROL_HEADERS } from '../support/mock';

/** Pay flows composed from the pay-step page object, and the secret scan run after each flow. */

export const REECH_UID = 1001;
export const PACKAGE = 'rc_499';

/**
 * The visitor's "yes, this is my account" to the link notice (app/LinkNotice.tsx): until then the link's account
 * offers no saved card and keeps no card (specs/pay/linkAccountCards.spec.ts tests the unanswered notice). Once
 * signed in (the notice is drawn with the session), it is answered if asked: a second tab of an account already
 * answered for in this browser is not asked again.
 */
export async function confirmLinkAccount(page: Page): Promise<void> {
  await expect(new Shell(page).signOutButton).toBeVisible();
  const notice = page.getByTestId('link-notice');
  if ((await notice.count()) > 0) await notice.getByRole('button', { name: 'نعم، هذا حسابي' }).click();
  await expect(notice).toHaveCount(0);
}

/**
 * Signs in through the session_key argument and says the account is the visitor's (`confirmLinkAccount`), then
 * opens /pay-step for a package and pay type.
 */
export async function openPayStep(page: Page, payType: number, origin = ''): Promise<PayStepPage> {
  const pay = new PayStepPage(page);
  await page.goto(`${origin}/recharge-list?session_key=sk-10000001`);
  // Signed in once the app offers to sign out.
  await expect(new Shell(page).signOutButton).toBeVisible();
  await confirmLinkAccount(page);
  await pay.open({ recharge_id: PACKAGE, pay_type: payType, to_uid: REECH_UID }, origin);
  await expect(pay.root).toBeVisible();
  return pay;
}

/**
 * Opens /pay-step as the app's launch link does, the `session_key` in its URL: one page load instead of the
 * list's and then the step's. The step awaits a sign-in its URL carries before it draws the methods (the
 * saved card with them), so a test that picks a method picks it signed in. The visitor says the link's account
 * is theirs (`confirmLinkAccount`), so its saved cards are offered. For the rows whose subject is the payment,
 * not how the visitor reached the step.
 */
export async function openPayStepByLink(page: Page, payType: number, origin = ''): Promise<PayStepPage> {
  const pay = new PayStepPage(page);
  await pay.open({ recharge_id: PACKAGE, pay_type: payType, to_uid: REECH_UID }, origin, 'sk-10000001');
  await expect(pay.root).toBeVisible();
  await confirmLinkAccount(page);
  return pay;
}

/** An iPhone's Safari: where ApplePaySession exists, so the wallet (the mock sheet in its place) is offered. */
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The suite's mock on the host `localhost`, where wallets can pay (TESTDATA domain check). */
export function localhostOrigin(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? 'http://127.0.0.1');
  url.hostname = 'localhost';
  return url.origin;
}

export async function enterNewCard(
  pay: PayStepPage,
  payType: number,
  number: string,
  expiry = '12/30',
): Promise<void> {
  await pay.channel(payType).check();
  await pay.confirm.click();
  await pay.cardNumber.fill(number);
  await pay.expiry.fill(expiry);
  // American Express cards carry a four-digit security code; the others three.
  await pay.cvv.fill(/^3[47]/.test(number) ? '1234' : '123');
  await pay.holder.fill('Reem Al-Harbi');
}

/** Watches everything that leaves the page and the console, to scan for card secrets afterwards. */
export function watchSecrets(page: Page): { urls: string[]; console: string[] } {
  const seen = { urls: [] as string[], console: [] as string[] };
  page.on('request', (request: Request) => {
    // The tokeniser is the one place a card number may go.
    if (!new URL(request.url()).pathname.startsWith('/__provider/'))
      seen.urls.push(request.url(), request.postData() ?? '');
  });
  page.on('framenavigated', (frame) => seen.urls.push(frame.url()));
  page.on('console', (message) => seen.console.push(message.text()));
  return seen;
}

/** A URL or form body as its server reads it; as it came when it is not well-formed percent-encoding. */
function urlDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

const SECRETS = [...testCards.map((card) => card.number), '123'];

/**
 * No card number or CVV in storage, cookies, URLs, requests outside the tokeniser, the console or the journal:
 * neither a catalogue number as typed nor anything the shared finder (`findCardNumbers`) calls a card number.
 */
export async function expectNoSecrets(
  page: Page,
  seen: { urls: string[]; console: string[] },
  cvv = '123',
): Promise<void> {
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  const cookies = JSON.stringify(await page.context().cookies());
  const journal = await (
    await page.request.get('/__mock/journal?limit=500', { headers: CONTROL_HEADERS })
  ).text();
  const numbers = SECRETS.filter((s) => s !== '123');
  for (const [where, text] of [
    ['storage', storage],
    ['cookies', cookies],
    ['urls and requests', seen.urls.join('\n')],
    // As the server reads them: "4242%204242…" or a form's "4242+4242…" is a spaced number too.
    ['urls and requests, decoded', seen.urls.map(urlDecoded).join('\n')],
    ['console', seen.console.join('\n')],
    ['journal', journal],
  ] as const) {
    for (const number of numbers) expect(text, `${where} holds a card number`).not.toContain(number);
    // The project's one finder (as the mock's redaction and the CLI's checks): a number however grouped or in
    // whatever script of digits, and a CVV or expiry typed in the same run, not only the catalogue's numbers.
    const found = findCardNumbers(text).map((card) => `${card.bin}…${card.last4} at ${card.start}`);
    expect(found, `${where} holds a card number`).toEqual([]);
    expect(text, `${where} holds the CVV`).not.toMatch(new RegExp(`cvv["=:]+"?${cvv}\\b`, 'i'));
  }
}

/**
 * Signed in as Reem on the list (her link, said to be hers), a package chosen and "pay now" pressed: the pay
 * step, from the list.
 */
export async function fromTheList(page: Page): Promise<{ recharge: RechargePage; pay: PayStepPage }> {
  const recharge = new RechargePage(page);
  await recharge.open('?session_key=sk-10000001');
  await confirmLinkAccount(page);
  await expect(recharge.targetNickname).toHaveText('ريم');
  await recharge.packages.nth(1).click();
  await recharge.payNow.click();
  const pay = new PayStepPage(page);
  await expect(pay.root).toHaveAttribute('data-step', 'home');
  return { recharge, pay };
}
