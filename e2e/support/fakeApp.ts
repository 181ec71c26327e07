/** The native app, played in the page (`page.addInitScript(installFakeApp, app)`): its bridge before any script. */

/** What the fake app answers: its signed-in user (none when null) and its getLoginTicket answer. */
export interface FakeApp {
  readonly openId: string | null;
  readonly loginTicket: { readonly code: number; readonly data?: unknown };
}

export interface FakeAppWindow {
  NativeBridge?: { call(method: string, argsJson: string, callbackId: string): void };
  __nativeBridgeCallback?: (callbackId: string, json: string) => void;
  /** What the fake has answered so far: bridge methods, and the API paths it carried. */
  __fakeAppAnswered?: string[];
  /** The fake's current answers; a test changes them to play the app's user changing. */
  __fakeApp?: FakeApp;
}

/**
 * The native app's side of the bridge, as web/src/platform/bridge.ts documents it: answers come back
 * through `window.__nativeBridgeCallback(id, json)`. API calls (wrapApi, wrapApi2) are carried to the
 * mock over fetch, the way the app would carry them over its own connection.
 */
export function installFakeApp(app: FakeApp): void {
  const win = window as unknown as FakeAppWindow;
  const answered: string[] = [];
  win.__fakeAppAnswered = answered;
  win.__fakeApp = app;
  const answer = (id: string, what: string, payload: unknown) =>
    setTimeout(() => {
      win.__nativeBridgeCallback?.(id, JSON.stringify(payload));
      answered.push(what);
    }, 0);
  win.NativeBridge = {
    call(method, argsJson, id) {
      const args = JSON.parse(argsJson) as Record<string, unknown>;
      const now = win.__fakeApp ?? app;
      if (method === 'getUserInfo')
        return answer(id, method, { code: 0, data: now.openId === null ? {} : { open_id: now.openId } });
      if (method === 'getLoginTicket') return answer(id, method, now.loginTicket);
      if (method === 'wrapApi' || method === 'wrapApi2') {
        const url = String(args.url);
        const init: RequestInit = {
          method: String(args.method),
          headers: args.headers as Record<string, string>,
        };
        if (typeof args.body === 'string') init.body = args.body;
        void fetch(url, init).then(
          async (response) =>
            answer(id, new URL(url, location.href).pathname, {
              code: 0,
              data: { status: response.status, body: await response.text() },
            }),
          () => answer(id, method, { code: 9 }),
        );
        return;
      }
      answer(id, method, { code: 7 });
    },
  };
}
