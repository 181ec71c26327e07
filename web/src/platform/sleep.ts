/** Waits `ms` on the page's clock (the engines take it as a dependency, so tests give them a fake one). */
export const sleep = (ms: number): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, ms));
