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

  test('joins with the msg_id-3 frame of SPEC §7 and the mock acknowledges it with ack 3', async ({
    page,
    request,
  }, testInfo) => {
    const rid = 7500 + testInfo.workerIndex * 10 + (testInfo.project.name === 'mobile' ? 1 : 2);
    const sent: unknown[] = [];
    const received: unknown[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/ws/room')) return;
      socket.on('framesent', ({ payload }) => sent.push(JSON.parse(String(payload))));
      socket.on('framereceived', ({ payload }) =>
        received.push(JSON.parse(JSON.parse(String(payload)).data)),
      );
    });
    const room = new TestRoomPage(page);
    await room.open(rid);
    await expect(room.status).toHaveAttribute('data-status', 'open');
    // The page's socket has no rid in its address: only the join puts it in the room.
    await expect.poll(() => sent[0]).toEqual({ msg_id: 3, seq: 1, body: { rid: String(rid) } });
    await expect.poll(() => received[0]).toEqual({ type: 0, ack: 3, seq: 1, rid: String(rid) });
    const pushed = await roomPush(request, rid, bump(5));
    await expect(room.sn).toHaveText(String(pushed.data.sn));
    expect(sent.every((frame) => (frame as { msg_id?: unknown }).msg_id === 3)).toBe(true);
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

  test('a frame of 1,000 keys, one carrying U+202E: 200 rows drawn, the rest counted, no key reversed', async ({
    page,
    request,
  }, testInfo) => {
    const rid = 7400 + testInfo.workerIndex * 10 + (testInfo.project.name === 'mobile' ? 1 : 2);
    const room = new TestRoomPage(page);
    await room.open(rid);
    await expect(room.status).toHaveAttribute('data-status', 'open');
    const values = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [`zz_${String(i).padStart(4, '0')}`, i]),
    );
    await roomPush(request, rid, [{ op: 'mset', values: { ...values, '\u202Eaaa_evil': 1 } }]);
    await expect(page.getByTestId('room-table-hidden')).toBeVisible();
    const rows = room.table.locator('tbody tr');
    await expect(rows).toHaveCount(200);
    const hidden = await page.getByTestId('room-table-hidden').textContent();
    const drawnKeys = await rows.locator('th').allTextContents();
    // 1,001 keys pushed beside the room's own: at least 801 of them counted, not drawn.
    expect(Number(hidden?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(801);
    expect(drawnKeys.join('')).not.toContain('\u202E');
    expect(drawnKeys).toContain('aaa_evil');
    // The log names the first 20 keys of the change, then how many more.
    await expect(room.changes.filter({ hasText: /zz_0019 \+981$/ })).toHaveCount(1);
  });
});
