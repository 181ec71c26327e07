import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue sentence, already in the visitor's language, with its `{name}` places filled by elements: an
 * order number, an amount, a nickname. User text stays inert text in its own element, never spliced into the
 * string; a place with no element given stays as written.
 */
export function Sentence({
  text,
  slots,
}: {
  readonly text: string;
  readonly slots: Readonly<Record<string, ReactNode>>;
}) {
  return (
    <>
      {text.split(/(\{\w+\})/).map((part, i) => {
        const slot = /^\{(\w+)\}$/.exec(part)?.[1];
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence never move
        return <Fragment key={i}>{slot !== undefined && slot in slots ? slots[slot] : part}</Fragment>;
      })}
    </>
  );
}
