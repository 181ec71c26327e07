import { IMAGE_RESIZE_WIDTH } from '@topup/contracts/images';
import { describe, expect, it } from 'vitest';
import { resizedImageUrl } from './imageUrl';

describe('@spec:limit.imageWidth remote images are asked for at width 240 by default (SPEC §9)', () => {
  it('240 is the default width', () => expect(IMAGE_RESIZE_WIDTH).toBe(240));

  it.each([
    ['/static/avatars/1001.png', undefined, '/static/avatars/1001.png?w=240'],
    ['https://cdn.example/a/b.jpg', undefined, 'https://cdn.example/a/b.jpg?w=240'],
    ['https://cdn.example/a.jpg?v=3', undefined, 'https://cdn.example/a.jpg?v=3&w=240'],
    ['https://cdn.example/a.jpg?w=1200', undefined, 'https://cdn.example/a.jpg?w=240'],
    ['/static/avatars/1001.png', 120, '/static/avatars/1001.png?w=120'],
    ['', undefined, ''],
    ['data:image/png;base64,AAAA', undefined, 'data:image/png;base64,AAAA'],
    ['blob:http://127.0.0.1/1', undefined, 'blob:http://127.0.0.1/1'],
    ['//cdn.example/a.png', undefined, '//cdn.example/a.png'],
    ['javascript:alert(1)', undefined, 'javascript:alert(1)'],
  ])('%s (width %s) → %s', (src, width, expected) => {
    expect(resizedImageUrl(src, width)).toBe(expected);
  });
});
