/**
 * Remote images are asked of the image host at the width the page needs (SPEC §9 "Image resize width: 240
 * default"). The form is the project's choice (SPEC does not show it): a `w` query parameter of the image's
 * address, which the mock's avatar route honours, as common image CDNs do.
 */

/** SPEC §9: the default width a remote image is asked for. */
export const IMAGE_RESIZE_WIDTH = 240;
/** The query parameter that carries the width. */
export const IMAGE_WIDTH_PARAM = 'w';
/** The widths the image host serves; anything outside is refused. */
export const IMAGE_WIDTH_RANGE = Object.freeze({ min: 16, max: 1024 });

/**
 * An image address the page may load: empty (no image), an absolute http(s) address, or a path on the page's
 * own origin (`/…`, not `//host`). Anything else (`javascript:`, `data:`, a relative `x.png`) is refused,
 * wherever it came from: storage, a link, a server's answer.
 */
export const SAFE_IMAGE_URL = /^(?:$|https?:\/\/[^\s/?#]+(?:[/?#]\S*)?|\/(?![/\\])\S*)$/i;

/** `src` when it is a safe image address (SAFE_IMAGE_URL), else '' (the default avatar). */
export function safeImageUrl(src: string): string {
  const trimmed = src.trim();
  return SAFE_IMAGE_URL.test(trimmed) ? trimmed : '';
}
