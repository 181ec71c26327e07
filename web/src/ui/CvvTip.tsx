import { useState } from 'react';
import { tPopup } from '../i18n/popups';
import { Button } from './Button';
import { Modal } from './Modal';

/** The cvv tip of SPEC §2: the three digits on the back of the card. */
export function CvvTip() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {tPopup('cvv.tipTitle')}
      </button>
      <Modal
        open={open}
        title={tPopup('cvv.tipTitle')}
        onDismiss={() => setOpen(false)}
        footer={
          <Button block onClick={() => setOpen(false)}>
            {tPopup('popup.confirm')}
          </Button>
        }
      >
        <div className="cvv-card" aria-hidden="true">
          <span className="cvv-stripe" />
          <span className="cvv-digits" dir="ltr">
            123
          </span>
        </div>
        <p>{tPopup('cvv.tip')}</p>
      </Modal>
    </>
  );
}
