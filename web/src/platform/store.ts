import { createStore } from 'jotai';

/** The app's one Jotai store: React reads it through <Provider>, code outside React writes through it. */
export const appStore = createStore();
export type AppStore = typeof appStore;
