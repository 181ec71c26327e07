/**
 * Makes everything in the app shell (#root) but `layer` inert, as a popup makes the shell inert: a full-screen
 * layer drawn inside the page (the 3-D Secure challenge) keeps the focus, taps and the screen reader, and no
 * Tab reaches the header, the footer or the page under it. Returns the undo, which leaves alone what was inert
 * before.
 */
export function inertOutside(layer: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  const shell = document.getElementById('root');
  for (
    let node: HTMLElement = layer;
    node !== shell && node.parentElement !== null;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      made.push(sibling);
    }
    if (node.parentElement === shell) break;
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}
