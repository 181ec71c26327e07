/**
 * What the visitor types in the built page's fields before the app has that page (app/start.tsx): its fields
 * take typing from the first paint (index.html's script holds every other tap until then). React does not
 * read it (hydrating, it leaves the typed value in the field but its state stays the build's, which its next
 * render would write back; rendering over the built page, it draws new, empty fields): once the app has the
 * page, each typed value is given to the app's field of the same name as an input event, as typing would.
 */
const TEXT_FIELD =
  'textarea, input:not([type=radio],[type=checkbox],[type=submit],[type=button],[type=reset],[type=image],[type=hidden],[type=file])';
/** A field rendered later than the app's first render (its page's code still coming) gets its value then. */
const WAIT_MS = 30_000;

type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(node: EventTarget | null): node is TextField {
  return node instanceof Element && node.matches(TEXT_FIELD);
}

/** A field's name across the two renders: its name, else its test id, else its id (the same when hydrated). */
function keyOf(field: TextField): string | undefined {
  return field.name || field.dataset.testid || field.id || undefined;
}

/** Gives `value` to a field React controls, as the visitor's typing would: its change handler sees it. */
function carry(field: TextField, value: string, focus: boolean): void {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // React notes the value it last saw through the field's own setter; the prototype's leaves that note as it
  // is, so the input event reads as a change.
  field.value = '';
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (!focus || (document.activeElement !== null && document.activeElement !== document.body)) return;
  field.focus({ preventScroll: true });
  try {
    field.setSelectionRange(value.length, value.length);
  } catch {
    // A field type without a caret.
  }
}

/**
 * Starts noting what is typed in `root`'s fields (what was typed before this ran is read from them now).
 * Returns what to run once the app has the page: it gives the app's fields their values.
 */
export function keepEarlyInput(root: HTMLElement): () => void {
  const typed = new Map<string, string>();
  let focused: string | undefined;
  const note = (field: TextField) => {
    const key = keyOf(field);
    if (key !== undefined) typed.set(key, field.value);
  };
  for (const field of root.querySelectorAll<TextField>(TEXT_FIELD))
    if (field.value !== field.defaultValue) note(field);
  if (isTextField(document.activeElement) && root.contains(document.activeElement))
    focused = keyOf(document.activeElement);
  const onInput = (event: Event) => {
    if (isTextField(event.target)) note(event.target);
  };
  const onFocusIn = (event: Event) => {
    focused = isTextField(event.target) ? keyOf(event.target) : undefined;
  };
  root.addEventListener('input', onInput, true);
  root.addEventListener('focusin', onFocusIn, true);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('focusin', onFocusIn, true);
    const place = () => {
      for (const [key, value] of typed) {
        const field = [...root.querySelectorAll<TextField>(TEXT_FIELD)].find((each) => keyOf(each) === key);
        if (field === undefined) continue;
        typed.delete(key);
        if (value !== '') carry(field, value, key === focused);
      }
      return typed.size === 0;
    };
    if (place()) return;
    const watch = new MutationObserver(() => {
      if (place()) watch.disconnect();
    });
    watch.observe(root, { childList: true, subtree: true });
    setTimeout(() => watch.disconnect(), WAIT_MS);
  };
}
