import { describe, expect, it } from 'vitest';
import { chatWebhookOf, DEFAULT_MONITOR_SAMPLE_RATE, reportConfigFrom } from './config';

describe("@spec:call.sensorReport the monitoring sample N is the build's, 100 unless set", () => {
  it.each([
    [undefined, 100],
    ['', 100],
    ['1', 1],
    [' 20 ', 20],
    ['0', 100],
    ['-5', 100],
    ['2.5', 100],
    ['ten', 100],
  ])('VITE_MONITOR_SAMPLE_RATE=%j → 1 in %i', (value, rate) => {
    expect(reportConfigFrom({ VITE_MONITOR_SAMPLE_RATE: value }).monitorSampleRate).toBe(rate);
  });
  it('defaults to 1 in 100', () => expect(DEFAULT_MONITOR_SAMPLE_RATE).toBe(100));
});

describe("@spec:call.chatWebhook the chat webhook is the build's, https or a same-origin path", () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['/__hooks/chat', '/__hooks/chat'],
    ['https://chat.example/hooks/abc', 'https://chat.example/hooks/abc'],
    ['http://chat.example/hooks/abc', undefined],
    ['//chat.example/hooks', undefined],
    ['/\\chat.example', undefined],
    ['javascript:alert(1)', undefined],
    ['https://user:pw@chat.example/h', undefined],
  ])('VITE_CHAT_WEBHOOK=%j → %j', (value, address) => {
    expect(chatWebhookOf(value)).toBe(address);
    expect(reportConfigFrom({ VITE_CHAT_WEBHOOK: value }).chatWebhook).toBe(address);
  });
});
