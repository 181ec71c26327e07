import { useState } from 'react';
import { t } from '../i18n/t';
import { Button } from './Button';
import { Modal } from './Modal';

/** The cvv tip of SPEC §2: the three digits on the back of the card. */
export function CvvTip() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('cvv.tipTitle')}
      </button>
      <Modal
        open={open}
        title={t('cvv.tipTitle')}
        onDismiss={() => setOpen(false)}
        footer={
          <Button block onClick={() => setOpen(false)}>
            {t('popup.confirm')}
          </Button>
        }
      >
        <div className="cvv-card" aria-hidden="true">
          <span className="cvv-stripe" />
          <span className="cvv-digits" dir="ltr">
            123
          </span>
        </div>
        <p>{t('cvv.tip')}</p>
      </Modal>
    </>
  );
}
