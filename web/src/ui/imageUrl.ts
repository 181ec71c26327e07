import { IMAGE_RESIZE_WIDTH, IMAGE_WIDTH_PARAM } from '@topup/contracts/images';

/**
 * The address of a remote image resized to `width` (240 by default, SPEC §9): the one helper every remote
 * image of the page goes through (avatars). Only http(s) addresses and same-origin paths are resized; a
 * data:, blob: or empty address is answered as it is. A relative address stays relative.
 */
export function resizedImageUrl(src: string, width: number = IMAGE_RESIZE_WIDTH): string {
  const trimmed = src.trim();
  if (trimmed === '') return '';
  const absolute = /^https?:\/\//i.test(trimmed);
  const relative = !absolute && trimmed.startsWith('/') && !trimmed.startsWith('//');
  if (!absolute && !relative) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed, 'http://relative.invalid');
  } catch {
    return trimmed;
  }
  url.searchParams.set(IMAGE_WIDTH_PARAM, String(Math.round(width)));
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
