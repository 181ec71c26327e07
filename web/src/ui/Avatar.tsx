import { safeImageUrl } from '@topup/contracts/images';
import { useState } from 'react';
import { t } from '../i18n/t';
import { resizedImageUrl } from './imageUrl';
import { shownName } from './shownName';

/**
 * A user's icon, falling back to the default avatar when it fails to load (SPEC §3) or is not an address the
 * page may load (`javascript:`, `data:`…), asked for 240 wide (§9).
 */
export function Avatar({
  src,
  name,
  size = 'md',
}: {
  readonly src: string;
  readonly name: string;
  readonly size?: 'sm' | 'md';
}) {
  const [failed, setFailed] = useState(false);
  const className = `avatar avatar-${size}`;
  // Only an http(s) address or a same-origin path is loaded, whoever supplied it (a server, storage).
  const safe = safeImageUrl(src);
  // The default avatar is drawn by the style sheet (`.avatar-default`), inline there so it shows even when
  // the network does not, and not carried in the first screen's script.
  if (failed || safe === '') {
    return (
      <span
        className={`${className} avatar-default`}
        role="img"
        aria-label={t('avatar.default')}
        data-testid="avatar"
        data-fallback="true"
      />
    );
  }
  return (
    <img
      className={className}
      src={resizedImageUrl(safe)}
      alt={t('avatar.alt', { name: shownName(name) })}
      width={size === 'sm' ? 40 : 56}
      height={size === 'sm' ? 40 : 56}
      loading="lazy"
      decoding="async"
      data-testid="avatar"
      onError={() => setFailed(true)}
    />
  );
}
