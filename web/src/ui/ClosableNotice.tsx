import type { ReactNode } from 'react';
import { t } from '../i18n/t';

/**
 * A notice the visitor closes with its ×: a payment's return, a paid order opened again, one paid elsewhere.
 * With no `onClose`, a notice on its way (a payment's return being checked): its room and words, no ×, and
 * hidden from assistive technology (what is awaited is said by the page's loading box); the notice that comes
 * is drawn in the same elements.
 */
export function ClosableNotice({
  tone,
  role,
  testId,
  onClose,
  className,
  children,
}: {
  readonly tone: 'ok' | 'error' | 'info';
  readonly role: 'alert' | 'status';
  readonly testId: string;
  readonly onClose?: () => void;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  const tones = tone === 'info' ? '' : ` notice-${tone}`;
  return (
    <div
      className={`notice notice-closable${tones}${className === undefined ? '' : ` ${className}`}`}
      role={onClose === undefined ? undefined : role}
      aria-hidden={onClose === undefined ? true : undefined}
      data-testid={testId}
    >
      <p>{children}</p>
      {onClose === undefined ? (
        <span className="notice-close-room" />
      ) : (
        <button
          type="button"
          className="notice-close"
          onClick={onClose}
          aria-label={t('recharge.closeNotice')}
        />
      )}
    </div>
  );
}
