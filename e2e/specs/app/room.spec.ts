import { TestRoomPage } from '../../pages/TestPage';
import { roomFault, roomPush } from '../../support/mock';
import { expect, test } from '../../support/test';

const bump = (value: number) => [{ op: 'mset', values: { fans_count: value } }];

test.describe('/test room view', () => {
  test('recovers from dropped frames through a full refresh', async ({ page, request, axe }, testInfo) => {
    // A quiet room of its own, so parallel runs do not share frames.
    const rid = 7100 + testInfo.workerIndex * 10 + (testInfo.project.name === 'mobile' ? 1 : 2);
    const room = new TestRoomPage(page);
    await room.open(rid);
    await expect(room.status).toHaveAttribute('data-status', 'open');
    // The build line of SPEC §9: version, flavor and the build's mode.
    await expect(page.getByText('1.0.333 · ksa · production', { exact: true })).toBeVisible();
    const first = await roomPush(request, rid, bump(1));
    await expect(room.sn).toHaveText(String(first.data.sn));
    const base = first.data.sn;
    await roomFault(request, rid, base + 1, 'drop');
    await roomFault(request, rid, base + 2, 'drop');
    await roomPush(request, rid, bump(2));
    await roomPush(request, rid, bump(3));
    await expect(room.sn).toHaveText(String(base));
    await roomPush(request, rid, bump(4));
    await expect(room.sn).toHaveText(String(base + 3));
    await expect(room.table).toContainText('fans_count');
    await expect(room.table.getByRole('row', { name: /fans_count/ })).toContainText('4');
    await expect(room.refreshes).not.toHaveText('0');
    await expect(room.changes.first()).toContainText('full refresh');
    await axe(page);
  });

  test('a live count above 10,000 reads in W (SPEC §9 count display)', async ({
    page,
    request,
  }, testInfo) => {
    const rid = 7300 + testInfo.workerIndex * 10 + (testInfo.project.name === 'mobile' ? 1 : 2);
    const room = new TestRoomPage(page);
    await room.open(rid);
    await expect(room.status).toHaveAttribute('data-status', 'open');
    const row = room.table.getByRole('row', { name: /fans_count/ });
    await roomPush(request, rid, bump(9_999));
    await expect(row.getByRole('cell')).toHaveText('9,999');
    await roomPush(request, rid, bump(12_345));
    await expect(row.getByRole('cell')).toHaveText('1.2W');
  });
});
