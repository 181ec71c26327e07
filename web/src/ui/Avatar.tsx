import { useState } from 'react';
import { t } from '../i18n/t';

/** Default avatar: inline, so it shows even when the network does not. */
export const DEFAULT_AVATAR =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Crect width='64' height='64' rx='32' fill='%23e6defc'/%3E%3Ccircle cx='32' cy='25' r='12' fill='%237c5ce0'/%3E%3Cpath d='M12 56c3-12 12-18 20-18s17 6 20 18' fill='%237c5ce0'/%3E%3C/svg%3E";

/** A user's icon, falling back to the default avatar when it fails to load (SPEC §3). */
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
  const showDefault = failed || src === '';
  return (
    <img
      className={`avatar avatar-${size}`}
      src={showDefault ? DEFAULT_AVATAR : src}
      alt={showDefault ? t('avatar.default') : t('avatar.alt', { name })}
      width={size === 'sm' ? 40 : 56}
      height={size === 'sm' ? 40 : 56}
      loading="lazy"
      decoding="async"
      data-testid="avatar"
      data-fallback={showDefault ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
