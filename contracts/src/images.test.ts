import { describe, expect, it } from 'vitest';
import { safeImageUrl } from './images';

describe('safeImageUrl: only addresses the page may load', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['HTTP://cdn.example.com/a.png?w=1', 'HTTP://cdn.example.com/a.png?w=1'],
    ['  /static/avatars/1001.png ', '/static/avatars/1001.png'],
    ['', ''],
  ])('keeps %j', (src, kept) => {
    expect(safeImageUrl(src)).toBe(kept);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'blob:https://x/1',
    '//evil.example/a.png',
    '/\\evil.example/a.png',
    'avatars/a.png',
    'https://',
    'https:///path',
  ])('refuses %j (the default avatar)', (src) => {
    expect(safeImageUrl(src)).toBe('');
  });
});
