import { describe, expect, it } from 'vitest';
import { MONITOR_PROJECT, monitorRequest, reportDay } from './monitor';
import { afterFirstPaint, type IdleHost, inSample } from './schedule';

describe('@spec:call.sensorReport monitoring is sampled 1 in N and sends the fields of SPEC §7', () => {
  it.each([
    [1, 0, true],
    [1, 0.999, true],
    [100, 0, true],
    [100, 0.0099, true],
    [100, 0.01, false],
    [100, 0.5, false],
    [4, 0.24, true],
    [4, 0.25, false],
  ])('1 in %i, draw %d: sampled %s', (rate, draw, sampled) => {
    expect(inSample(rate, draw)).toBe(sampled);
  });

  it('a sampled visit starts after the load event, when idle; an unsampled one never', () => {
    const log: string[] = [];
    let onLoad: (() => void) | undefined;
    const host = (loaded: boolean): IdleHost => ({
      loaded: () => loaded,
      onLoad: (callback) => {
        log.push('wait for load');
        onLoad = callback;
      },
      whenIdle: (callback) => {
        log.push('wait for idle');
        callback();
      },
    });
    expect(afterFirstPaint(() => log.push('start'), false, host(true))).toBe(false);
    expect(log).toEqual([]);
    afterFirstPaint(() => log.push('start'), true, host(false));
    expect(log).toEqual(['wait for load']);
    onLoad?.();
    expect(log).toEqual(['wait for load', 'wait for idle', 'start']);
    log.length = 0;
    afterFirstPaint(() => log.push('start'), true, host(true));
    expect(log).toEqual(['wait for idle', 'start']);
  });

  it('a report names its event uuid, page address, time and day (ksa), device, page view, event, ext, project', () => {
    const ts = Date.parse('2026-11-21T22:30:00Z');
    const request = monitorRequest({ event: 'performance', ext: { entries: [] } }, ts);
    expect(request).toMatchObject({
      ts,
      day: '2026-11-22',
      event: 'performance',
      ext: '{"entries":[]}',
      project: MONITOR_PROJECT,
      server_url: `${location.origin}${location.pathname}`,
    });
    expect(request.event_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.device_id).toMatch(/^h5_/);
    expect(request.page_view_id).toMatch(/^pv_/);
    expect(reportDay(Date.parse('2026-11-21T20:59:59Z'))).toBe('2026-11-21');
    expect(monitorRequest({ event: 'x', ext: 'y'.repeat(20_000) }, ts).ext).toBe('{"tooLong":20002}');
  });
});
