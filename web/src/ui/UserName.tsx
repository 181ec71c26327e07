import { shownName } from './shownName';

/**
 * User-supplied text (nicknames): rendered as text, never markup, without bidirectional controls (shownName),
 * and isolated with <bdi> so its own direction cannot reorder the page around it. A very long one is cut to two
 * lines on screen (ui.css); the title and the text itself keep it whole.
 */
export function UserName({ name, testId }: { readonly name: string; readonly testId?: string }) {
  const shown = shownName(name);
  return (
    <bdi className="user-name" title={shown} data-testid={testId}>
      {shown}
    </bdi>
  );
}
