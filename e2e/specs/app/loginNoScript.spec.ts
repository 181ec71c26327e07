import { SignIn } from '@topup/contracts/testdata/accounts';
import { LoginPage } from '../../pages/LoginPage';
import { expect, test } from '../../support/test';

// The built sign-in page with JavaScript off: the browser submits its form itself.
test.use({ javaScriptEnabled: false });

test('without JavaScript, Enter in the sign-in form puts the password in no address and sends it nowhere', async ({
  page,
}) => {
  const { display_uid: account, password } = SignIn.password;
  const sent: string[] = [];
  page.on('request', (request) =>
    sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`),
  );
  const login = new LoginPage(page);
  // Shell.goto waits for the app to take the page, which it never does here.
  await page.goto('/login');
  await expect(login.accountId).toBeVisible();
  await login.accountId.fill(account);
  await login.password.fill(password);
  const navigated = page.waitForEvent('framenavigated');
  await login.password.press('Enter');
  await navigated;
  await page.waitForLoadState();
  await expect(login.accountId).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login');
  // As typed, and as a form encodes it (Passw0rd%21).
  for (const shown of [password, new URLSearchParams({ p: password }).toString().slice(2)]) {
    expect(page.url()).not.toContain(shown);
    expect(sent.join('\n')).not.toContain(shown);
  }
  // Not even the account goes into the address: the form is posted.
  expect(page.url()).not.toContain(account);
  // Posted, and the mock sends a posted page back to itself (a GET): the visitor is on the sign-in page again.
  expect(
    sent.filter((line) => line.startsWith('POST ')).map((line) => new URL(line.split(' ')[1] ?? '').pathname),
  ).toEqual(['/login']);
});
