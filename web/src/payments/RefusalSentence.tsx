import { Sentence } from '../ui/Sentence';
import type { RefusalNote } from './refusalText';

/** A page's own words for a refused order creation (the pay step's, the fines page's). */
export interface RefusalTexts {
  /** With `{code}`: the generic sentence, when no message is shown. */
  readonly refused: string;
  /** With `{code}` and `{message}`. */
  readonly refusedWith: string;
  readonly noCharge: string;
  readonly sameOrder: string;
}

/**
 * A refused order creation (SPEC §8: its code and message), as the pay step and the fines page say it: the code
 * in its own left-to-right isolate, the message (Arabic text only, `refusalText.ts`) in an isolate of its own
 * direction, so neither can reorder the sentence around it; then whether anything was charged. `testId` names
 * the code (`<testId>-code`) and the message (`<testId>-message`).
 */
export function RefusalSentence({
  note,
  texts,
  testId,
}: {
  readonly note: RefusalNote;
  readonly texts: RefusalTexts;
  readonly testId: string;
}) {
  const code = (
    <bdi dir="ltr" data-testid={`${testId}-code`}>
      {note.code}
    </bdi>
  );
  return (
    <>
      {note.message === undefined ? (
        <Sentence text={texts.refused} slots={{ code }} />
      ) : (
        <Sentence
          text={texts.refusedWith}
          slots={{
            code,
            message: (
              <bdi dir="auto" data-testid={`${testId}-message`}>
                {note.message}
              </bdi>
            ),
          }}
        />
      )}{' '}
      {note.noCharge ? texts.noCharge : texts.sameOrder}
    </>
  );
}
