import { tPopup } from '../i18n/popups';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmPopupProps {
  readonly open: boolean;
  readonly title?: string;
  readonly body?: string;
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Escape, the mask and the close button (as back does): omit it for a question that must be answered. */
  readonly onDismiss?: (() => void) | undefined;
  readonly testId?: string;
}

/** Confirm popup with continue and give up (SPEC §2); both labels default to the payment wording. */
export function ConfirmPopup({
  open,
  title = tPopup('popup.leaveTitle'),
  body,
  confirmLabel = tPopup('popup.continue'),
  cancelLabel = tPopup('popup.giveUp'),
  onConfirm,
  onCancel,
  onDismiss,
  testId = 'confirm-popup',
}: ConfirmPopupProps) {
  return (
    <Modal
      open={open}
      title={title}
      onDismiss={onDismiss}
      testId={testId}
      footer={
        <>
          <Button variant="primary" block onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
          <Button variant="ghost" block onClick={onCancel}>
            {cancelLabel}
          </Button>
        </>
      }
    >
      {body ? <p>{body}</p> : null}
    </Modal>
  );
}
