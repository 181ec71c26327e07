import { FineId } from '@topup/contracts/testdata/fines';
import { forceFault, journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';
import { FinesPage } from '../fines/FinesPage';

/** A fine paid on the hosted page while the backend garbles its answers: found paid, one order. */

test('back from the hosted page, the result answers garbage then a 503: asked again, the fine is paid once', async ({
  page,
}) => {
  const fines = new FinesPage(page);
  await fines.open(`?id=${FineId.outstanding}`);
  await fines.method('hosted').check();
  await fines.payButton.click();
  await expect(fines.hostedPay).toBeVisible();
  await forceFault(page.request, 'payResultByOrderFast', { fault: 'notEnvelope' });
  await forceFault(page.request, 'payResultByOrderFast', { fault: 'http', status: 503 });
  await fines.hostedPay.click();
  await expect(page).toHaveURL(/\/fines\?id=7001&zp_show=1&zp_orderid=/);
  await expect(fines.paid).toBeVisible();
  await expect(fines.paid.getByRole('heading')).toHaveText('تم دفع الغرامة');
  await expect(fines.unban).toHaveAttribute('data-unban', 'unbanned');
  const made = (await journalOf(page.request, 'payerMaxCreateFinePay')).filter((e) => e.result === 0);
  expect(made).toHaveLength(1);
});
