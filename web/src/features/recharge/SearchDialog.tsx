import type { PayTargetRecord } from '@topup/contracts/entities';
import { tPopup } from '../../i18n/popups';
import { Modal } from '../../ui/Modal';
import { TargetSearchForm } from './TargetSearch';

/** The search as a sheet, from "change" on the chosen target; a chunk of its own, fetched on that tap. */
export default function SearchDialog({
  open,
  onClose,
  earlier,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly earlier: readonly PayTargetRecord[];
}) {
  return (
    <Modal
      open={open}
      title={tPopup('popup.searchTitle')}
      onDismiss={onClose}
      variant="sheet"
      testId="search-dialog"
      closesOnBack
    >
      <TargetSearchForm form="dialog" onChosen={onClose} autoFocus earlier={earlier} />
    </Modal>
  );
}
