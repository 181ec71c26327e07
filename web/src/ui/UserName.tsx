import { shownName } from './shownName';

/**
 * User-supplied text (nicknames): rendered as text, never markup, without bidirectional controls (shownName),
 * and isolated with <bdi> so its own direction cannot reorder the page around it. A very long one is cut to two
 * lines on screen (ui.css); the title and the text itself keep it whole.
 * It is a name, never the account's identity: drawn in quotes and in the text's normal weight wherever it is
 * shown (ui.css), so a nickname written as «Omar (معرّف الحساب 10000002)» reads as a name beside the account's
 * own display id, which the screens draw stronger.
 */
export function UserName({ name, testId }: { readonly name: string; readonly testId?: string }) {
  const shown = shownName(name);
  return (
    <span className="user-name-quoted">
      <bdi className="user-name" title={shown} data-testid={testId}>
        {shown}
      </bdi>
    </span>
  );
}
