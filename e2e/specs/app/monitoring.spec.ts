import { journalOf } from '../../support/chaos';
import { expect, test } from '../../support/test';

interface SensorParams {
  readonly event: string;
  readonly project: string;
  readonly device_id: string;
  readonly page_view_id: string;
  readonly server_url: string;
  readonly ext: string;
}

/**
 * SPEC §7/§9 monitoring: the end-to-end build samples every visit (N = 1). The performance monitor's code is
 * fetched only after the page's load event, and what it kept goes to sensor_monitor when the page is left.
 */
test('a sampled visit loads the performance monitor after load and reports when the page is hidden', {
  tag: ['@spec:call.sensorReport', '@spec:limit.performance'],
}, async ({ page, request }) => {
  const loadedAt: { monitor?: number; load?: number } = {};
  page.on('request', (r) => {
    if (/\/assets\/performance-[^/]*\.js$/.test(r.url())) loadedAt.monitor ??= Date.now();
  });
  page.on('load', () => {
    loadedAt.load ??= Date.now();
  });
  await page.goto('/recharge-list');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect.poll(() => loadedAt.monitor).toBeDefined();
  expect(loadedAt.monitor ?? 0).toBeGreaterThanOrEqual(loadedAt.load ?? Number.POSITIVE_INFINITY);
  // The module's request is seen before it has run and listens: the page is hidden (again) until a report came.
  await expect
    .poll(async () => {
      const sent = (await journalOf(request, 'sensorReport')).length;
      if (sent === 0) await page.evaluate(() => dispatchEvent(new Event('pagehide')));
      return sent;
    })
    .toBeGreaterThan(0);
  const [report] = await journalOf(request, 'sensorReport');
  const params = report?.params as SensorParams;
  expect(params).toMatchObject({ event: 'performance', project: 'sawa-h5' });
  expect(params.server_url).toMatch(/\/recharge-list$/);
  expect(params.device_id).toMatch(/^h5_/);
  expect(params.page_view_id).toMatch(/^pv_/);
  const { entries } = JSON.parse(params.ext) as { entries: { kind: string }[] };
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.length).toBeLessThanOrEqual(50);
  expect(entries.map((e) => e.kind)).toContain('navigation');
});
