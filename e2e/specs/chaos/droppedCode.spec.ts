import { DisplayUid } from '@topup/contracts/testdata/accounts';
import { RechargePage } from '../../pages/RechargePage';
import { expect, test } from '../../support/test';

/**
 * A download of the page's code that the connection dropped. Chromium keeps a failed module's failure for the
 * page's life, and a chunk imports its shared chunks by their addresses, so no retry can load one that imports
 * a failed chunk (platform/loadOnce.ts). The page then says a reload is needed, with the reload, rather than
 * let every retry fail as the visitor's network; reloaded, it works.
 */
test('a chunk the search imports drops during its download: the page offers a reload, and reloaded, the search finds the account', async ({
  page,
}) => {
  const recharge = new RechargePage(page);
  await recharge.open();
  // The visitor starts on the search, which fetches its code: the check's chunk, imported by it, drops.
  const dropped = new Promise<void>((resolve) => {
    void page.route(
      /\/assets\/targetCheck-[^/]+\.js$/,
      async (route) => {
        await route.abort('internetdisconnected');
        resolve();
      },
      { times: 1 },
    );
  });
  await recharge.searchInput.focus();
  await dropped;
  // Online, the server has every file: yet the check's code cannot run in this page any more.
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.searchError).toContainText('تعذّر تحميل هذا الجزء من الصفحة');
  const note = page.locator('#app-load-failed');
  await expect(note).toHaveRole('alert');
  await expect(note).toContainText('تعذّر تحميل الصفحة');
  // The app runs: the page beside the note stays usable (only a page whose app never started goes inert).
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // Confirming again still cannot load it: the note stays, one of it.
  await recharge.searchConfirm.click();
  await expect(recharge.searchError).toContainText('تعذّر تحميل هذا الجزء من الصفحة');
  await expect(page.getByRole('alert').filter({ hasText: 'تعذّر تحميل الصفحة' })).toHaveCount(1);
  // The note's reload, and the search works.
  await note.getByRole('link', { name: 'أعد تحميلها' }).click();
  await expect(note).toHaveCount(0);
  await recharge.searchFor(DisplayUid.omar);
  await expect(recharge.targetNickname).toHaveText('Omar ⭐');
});
