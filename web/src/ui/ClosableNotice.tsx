import type { ReactNode } from 'react';
import { t } from '../i18n/t';

/** A notice the visitor closes with its ×: a payment's return, a paid order opened again, one paid elsewhere. */
export function ClosableNotice({
  tone,
  role,
  testId,
  onClose,
  children,
}: {
  readonly tone: 'ok' | 'error' | 'info';
  readonly role: 'alert' | 'status';
  readonly testId: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  return (
    <div
      className={`notice notice-closable${tone === 'info' ? '' : ` notice-${tone}`}`}
      role={role}
      data-testid={testId}
    >
      <p>{children}</p>
      <button
        type="button"
        className="notice-close"
        onClick={onClose}
        aria-label={t('recharge.closeNotice')}
      />
    </div>
  );
}
