import { hasCardNumber } from '@topup/contracts/cardNumber';
import { FEEDBACK_CONTACT_MAX_LENGTH } from '@topup/contracts/limits';
import { FEEDBACK_MEDIA_TYPES, feedbackLimits, feedbackTextLength } from '@topup/contracts/testdata/feedback';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api/instance';
import { useNavigate } from '../../app/routing';
import { tFeedback } from '../../i18n/feedback';
import { formatCount } from '../../i18n/format';
import { clientUuid } from '../../platform/ids';
import { sessionAtom } from '../../session/session';
import { Button } from '../../ui/Button';
import { shownName } from '../../ui/shownName';
import type { FileMessage } from './fileName';
import {
  addFilesAtom,
  attachmentsAtom,
  feedbackContactAtom,
  feedbackPhaseAtom,
  feedbackTextAtom,
  fileErrorMessageAtom,
  readHeads,
  removeFileAtom,
  restoreFeedbackDraftAtom,
  setFeedbackContactAtom,
  setFeedbackTextAtom,
} from './state';
import { contactError, contactHoldsCardNumber, submitFeedback } from './submit';

const ACCEPT = FEEDBACK_MEDIA_TYPES.flatMap((type) => [
  type.mime,
  ...type.extensions.map((e) => `.${e}`),
]).join(',');
const previewOf = (file: File) => URL.createObjectURL(file);
const release = (url: string) => URL.revokeObjectURL(url);

/**
 * A message naming a visitor's file: the name, without its bidi controls (fileName.ts), in a <bdi> so that its
 * own direction cannot reorder the app's words around it.
 */
function FileNamed({ message }: { readonly message: FileMessage }) {
  const { text, name } = message;
  if (name === undefined) return text;
  return (
    <>
      {text.slice(0, name.at)}
      <bdi data-testid="file-name">{name.shown}</bdi>
      {text.slice(name.at + name.shown.length)}
    </>
  );
}

function Attachments() {
  const attachments = useAtomValue(attachmentsAtom);
  const remove = useSetAtom(removeFileAtom);
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" data-testid="attachments">
      {attachments.map((a) => (
        <li key={a.id} className="attachment" data-testid="attachment">
          {a.kind === 'image' ? (
            <img
              src={a.previewUrl}
              alt={tFeedback('feedback.preview', { name: shownName(a.file.name) })}
              className="attachment-preview"
            />
          ) : (
            <video
              src={a.previewUrl}
              className="attachment-preview"
              muted
              aria-label={tFeedback('feedback.preview', { name: shownName(a.file.name) })}
            />
          )}
          <span className="attachment-name" dir="ltr">
            {shownName(a.file.name)}
          </span>
          {a.progress > 0 && a.progress < 1 ? (
            <progress
              max={1}
              value={a.progress}
              aria-label={tFeedback('feedback.uploading', { name: shownName(a.file.name) })}
            />
          ) : null}
          <button
            type="button"
            className="attachment-remove"
            onClick={() => remove({ id: a.id, release })}
            aria-label={tFeedback('feedback.removeFile', { name: shownName(a.file.name) })}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A signed-out visitor's way to be answered: optional, checked when it leaves the field and on send. */
function ContactField() {
  const contact = useAtomValue(feedbackContactAtom);
  const setContact = useSetAtom(setFeedbackContactAtom);
  const phase = useAtomValue(feedbackPhaseAtom);
  const [touched, setTouched] = useState(false);
  const id = useId();
  // A card number is said as it is typed (not once the field is left); after a send this field refused, by the
  // form's message alone.
  const cardNumber = contactHoldsCardNumber(contact);
  const refused = phase.kind === 'failed' && phase.refusedIn === 'contact';
  const error = refused ? undefined : touched || cardNumber ? contactError(contact) : undefined;
  return (
    <div className={`field${error === undefined ? '' : ' field-invalid'}`}>
      <label className="field-label" htmlFor={id}>
        {tFeedback('feedback.contact')}
      </label>
      <input
        id={id}
        className="field-input"
        type="text"
        inputMode="email"
        autoComplete="email"
        dir="ltr"
        maxLength={FEEDBACK_CONTACT_MAX_LENGTH + 20}
        value={contact}
        aria-invalid={error !== undefined || cardNumber || undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => setContact(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        data-testid="feedback-contact"
      />
      <p id={`${id}-hint`} className="field-hint">
        {tFeedback('feedback.contactHint')}
      </p>
      <p id={`${id}-error`} className="field-error" role="alert" data-testid="feedback-contact-error">
        {error ?? ''}
      </p>
    </div>
  );
}

/** /feedback: the top-up problem report (SPEC §1, §5; limits of TESTDATA "Feedback"). */
export default function FeedbackPage() {
  const store = useStore();
  const navigate = useNavigate();
  const text = useAtomValue(feedbackTextAtom);
  const setText = useSetAtom(setFeedbackTextAtom);
  const attachments = useAtomValue(attachmentsAtom);
  const addFiles = useSetAtom(addFilesAtom);
  const fileError = useAtomValue(fileErrorMessageAtom);
  const phase = useAtomValue(feedbackPhaseAtom);
  const signedIn = useAtomValue(sessionAtom) !== undefined;
  const picker = useRef<HTMLInputElement>(null);
  const textId = useId();
  const counterId = useId();
  const length = feedbackTextLength(text);
  const over = length > feedbackLimits.maxTextLength;
  // Too long, or a card number typed in (submit.ts refuses to send either): said under the field as it is
  // typed; after a send the text refused, by the form's message alone (said once).
  const cardNumber = hasCardNumber(text);
  const refused = phase.kind === 'failed' && phase.refusedIn === 'text';
  const sending = phase.kind === 'sending';
  // After the first paint (the build's page has an empty field): the text a reload would otherwise lose.
  const restoreDraft = useSetAtom(restoreFeedbackDraftAtom);
  useEffect(() => restoreDraft(), [restoreDraft]);

  const send = async () => {
    const id = await submitFeedback(store, api, clientUuid());
    if (id !== undefined) navigate('/feedback-success', { replace: true });
  };

  return (
    <div className="feedback-page">
      <h1>{tFeedback('feedback.heading')}</h1>
      <p className="muted">{tFeedback('feedback.lead')}</p>
      <form
        className="card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className={`field${over || cardNumber ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor={textId}>
            {tFeedback('feedback.text')}
          </label>
          <textarea
            id={textId}
            className="field-textarea"
            rows={6}
            value={text}
            dir="auto"
            aria-describedby={counterId}
            aria-invalid={over || cardNumber || undefined}
            required
            onChange={(event) => setText(event.currentTarget.value)}
            data-testid="feedback-text"
          />
          <p
            id={counterId}
            className={`field-hint counter${over ? ' error-text' : ''}`}
            dir="ltr"
            aria-live="polite"
          >
            {tFeedback('feedback.counter', { count: formatCount(length), max: feedbackLimits.maxTextLength })}
          </p>
          {over && !refused ? (
            <p className="field-error" role="alert" data-testid="feedback-too-long">
              {tFeedback('feedback.textTooLong', { max: feedbackLimits.maxTextLength })}
            </p>
          ) : null}
          {cardNumber && !refused ? (
            <p className="field-error" role="alert" data-testid="feedback-card-number">
              {tFeedback('feedback.cardNumber')}
            </p>
          ) : null}
        </div>
        {signedIn ? null : <ContactField />}
        <div className="field">
          <p className="field-label">{tFeedback('feedback.files', { max: feedbackLimits.maxFiles })}</p>
          <Attachments />
          <input
            ref={picker}
            type="file"
            accept={ACCEPT}
            multiple
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="feedback-file-input"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              // Each file's first bytes are read (a moment) so one whose content is not its type is refused here.
              void readHeads(files).then((picked) => addFiles({ files: picked, previewOf }));
            }}
          />
          <Button
            variant="secondary"
            onClick={() => picker.current?.click()}
            disabled={attachments.length >= feedbackLimits.maxFiles || sending}
            data-testid="feedback-add-file"
          >
            {tFeedback('feedback.addFile')}
          </Button>
          {fileError ? (
            <p className="field-error" role="alert" data-testid="feedback-file-error">
              <FileNamed message={fileError} />
            </p>
          ) : null}
        </div>
        {phase.kind === 'failed' ? (
          <p className="notice notice-error" role="alert" data-testid="feedback-error">
            <FileNamed
              message={{ text: phase.message, ...(phase.fileName ? { name: phase.fileName } : {}) }}
            />
          </p>
        ) : null}
        <Button type="submit" block busy={sending} disabled={sending} data-testid="feedback-submit">
          {sending ? tFeedback('feedback.sending') : tFeedback('feedback.submit')}
        </Button>
      </form>
    </div>
  );
}
