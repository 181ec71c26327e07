/**
 * User-supplied text (nicknames): rendered as text, never markup, and isolated with <bdi> so a
 * direction override inside it (U+202E) cannot reorder the page around it. A very long one is cut to two lines
 * on screen (ui.css); the title and the text itself keep it whole.
 */
export function UserName({ name, testId }: { readonly name: string; readonly testId?: string }) {
  return (
    <bdi className="user-name" title={name} data-testid={testId}>
      {name}
    </bdi>
  );
}
