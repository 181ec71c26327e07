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
  /**
   * The confirm destroys or gives something up (a card deleted): the first focus is on cancel, so an Enter or
   * a tap where the focus lands never does it.
   */
  readonly destructive?: boolean;
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
  destructive = false,
}: ConfirmPopupProps) {
  return (
    <Modal
      open={open}
      title={title}
      onDismiss={onDismiss}
      testId={testId}
      footer={
        <>
          <Button variant="primary" block onClick={onConfirm} data-autofocus={destructive ? undefined : true}>
            {confirmLabel}
          </Button>
          <Button variant="ghost" block onClick={onCancel} data-autofocus={destructive ? true : undefined}>
            {cancelLabel}
          </Button>
        </>
      }
    >
      {body ? <p>{body}</p> : null}
    </Modal>
  );
}
