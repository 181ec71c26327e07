import type { ReactNode, RefObject } from 'react';
import { t } from '../i18n/t';

/**
 * A notice the visitor closes with its ×: a payment's return, a paid order opened again, one paid elsewhere.
 * With no `onClose`, a notice on its way (a payment's return being checked): its room and words, a spinner
 * where the × comes, announced as busy; it is the page's only word on what is awaited (no loading box says it
 * again), and the notice that comes is drawn in the same elements.
 */
export function ClosableNotice({
  tone,
  role,
  testId,
  onClose,
  className,
  focusRef,
  children,
}: {
  readonly tone: 'ok' | 'error' | 'info';
  readonly role: 'alert' | 'status';
  readonly testId: string;
  readonly onClose?: () => void;
  readonly className?: string;
  /** A notice the page moves the focus to (one that replaces what had it): focusable by script, not by Tab. */
  readonly focusRef?: RefObject<HTMLDivElement | null>;
  readonly children: ReactNode;
}) {
  const tones = tone === 'info' ? '' : ` notice-${tone}`;
  return (
    <div
      className={`notice notice-closable${tones}${className === undefined ? '' : ` ${className}`}`}
      role={role}
      aria-busy={onClose === undefined ? true : undefined}
      data-testid={testId}
      ref={focusRef}
      tabIndex={focusRef === undefined ? undefined : -1}
    >
      <p>{children}</p>
      {onClose === undefined ? (
        <span className="notice-close-room" aria-hidden="true">
          <span className="spinner" />
        </span>
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
