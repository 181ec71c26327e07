import { type Atom, atom } from 'jotai/vanilla';

/** Toast (SPEC §2): one message at a time, fading after about 3 s. */
export const TOAST_MS = 3_000;

export interface ToastMessage {
  readonly id: number;
  readonly text: string;
  readonly tone: 'info' | 'error' | 'success';
}

const toastState = atom<ToastMessage | undefined>(undefined);
let nextId = 0;

/** The toast shown, read only: it changes through `showToastAtom` and `dismissToastAtom`. */
export const toastAtom: Atom<ToastMessage | undefined> = toastState;

export const showToastAtom = atom(null, (_get, set, input: { text: string; tone?: ToastMessage['tone'] }) => {
  nextId += 1;
  set(toastState, { id: nextId, text: input.text, tone: input.tone ?? 'info' });
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  if (get(toastState)?.id === id) set(toastState, undefined);
});
