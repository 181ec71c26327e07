import { OwnedStorageKeys } from '@topup/contracts/storage';
import { describe, expect, it } from 'vitest';
import { sealedForMove } from '../features/pay/pageInfo';
import { handOverChosen, handOverFromOwnMove, handOverOwnAccount } from './handOver';

/**
 * Whose word a `#pageinfo` hand-over is (SPEC §4). The attacker review: a same-origin referrer is no proof of
 * this app's own move, since a hostile or wrong server answer can send the page to a crafted same-origin
 * `#pageinfo` itself; only the one-time proof the moving page left in this tab is.
 */

const config = { dev: false, apiHosts: ['alt.pay.example'] };
const PAGE = 'https://pay.example/pay-step?recharge_id=rc_499&pay_type=26&to_uid=1001';
const MOCK_PAGE = 'http://localhost:8787/pay-step';
const PROOF = '0123456789abcdef0123456789abcdef';
const base = { session_key: 'sk-10000010', own: { uid: 1010, login_type: 'account' }, chosen: true };
const hash = (extra: Record<string, unknown> = {}) =>
  `#pageinfo=${encodeURIComponent(JSON.stringify({ ...base, ...extra }))}`;

function tab(proof?: string): Storage {
  const items = new Map<string, string>(proof === undefined ? [] : [[OwnedStorageKeys.handOverProof, proof]]);
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe("whether a hand-over is this app's own move", () => {
  it.each([
    // The attacker review: a store link of the server's answer sent the page here itself.
    ['the same origin, no proof', 'https://pay.example/', PAGE, hash(), undefined, false],
    [
      'the same origin, a proof this tab never left',
      'https://pay.example/',
      PAGE,
      hash({ proof: PROOF }),
      undefined,
      false,
    ],
    [
      'the same origin, another proof',
      'https://pay.example/',
      PAGE,
      hash({ proof: `${PROOF.slice(1)}0` }),
      PROOF,
      false,
    ],
    ['the same origin, the proof as a number', 'https://pay.example/', PAGE, hash({ proof: 1 }), '1', false],
    ['the same origin, a short proof', 'https://pay.example/', PAGE, hash({ proof: 'ab' }), 'ab', false],
    [
      'the same origin, the proof the move left',
      'https://pay.example/',
      PAGE,
      hash({ proof: PROOF }),
      PROOF,
      true,
    ],
    [
      'page info that is no JSON, with the proof left',
      'https://pay.example/',
      PAGE,
      '#pageinfo=%7Bnope',
      PROOF,
      false,
    ],
    // Another origin of this build: no storage travels there; the referrer rule stays.
    ['an API host of the build', 'https://alt.pay.example/', PAGE, hash(), undefined, true],
    ['the mock: 127.0.0.1 to localhost', 'http://127.0.0.1:8787/', MOCK_PAGE, hash(), undefined, true],
    ['the mock on the same origin, no proof', 'http://localhost:8787/', MOCK_PAGE, hash(), undefined, false],
    ['another loopback port', 'http://127.0.0.1:18433/', MOCK_PAGE, hash(), undefined, false],
    ['loopback without a port, to a page with one', 'http://127.0.0.1/', MOCK_PAGE, hash(), undefined, false],
    ['no referrer (a mail, typed, a no-referrer page)', '', PAGE, hash(), undefined, false],
    ["a stranger's page", 'https://evil.example/', PAGE, hash(), undefined, false],
    ['a look-alike host', 'https://alt.pay.example.evil.example/', PAGE, hash(), undefined, false],
  ])('%s', (_name, referrer, pageHref, at, stored, expected) => {
    expect(handOverFromOwnMove(at, referrer, pageHref, config, tab(stored))).toBe(expected);
  });

  it('the proof is used once: the same hand-over again (a replay) is a link', () => {
    const storage = tab(PROOF);
    expect(handOverFromOwnMove(hash({ proof: PROOF }), 'https://pay.example/', PAGE, config, storage)).toBe(
      true,
    );
    expect(storage.getItem(OwnedStorageKeys.handOverProof)).toBeNull();
    expect(handOverFromOwnMove(hash({ proof: PROOF }), 'https://pay.example/', PAGE, config, storage)).toBe(
      false,
    );
  });

  it('a crafted hand-over consumes the proof too, so a later guess cannot use it', () => {
    const storage = tab(PROOF);
    expect(handOverFromOwnMove(hash(), 'https://pay.example/', PAGE, config, storage)).toBe(false);
    expect(storage.getItem(OwnedStorageKeys.handOverProof)).toBeNull();
  });

  it('storage that throws: no proof, nothing thrown', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    expect(handOverFromOwnMove(hash({ proof: PROOF }), 'https://pay.example/', PAGE, config, refusing)).toBe(
      false,
    );
  });
});

describe("the page's own move leaves its proof", () => {
  const moved = (target: string) => `${target}#pageinfo=${encodeURIComponent(JSON.stringify(base))}`;

  it('to its own origin: a fresh proof, believed once on arrival', () => {
    const storage = tab();
    const sealed = sealedForMove(moved('https://pay.example/pay-step?x=1'), PAGE, storage);
    const stored = storage.getItem(OwnedStorageKeys.handOverProof);
    expect(stored).toMatch(/^[0-9a-f]{32}$/);
    const url = new URL(sealed);
    expect(url.origin + url.pathname + url.search).toBe('https://pay.example/pay-step?x=1');
    expect(handOverFromOwnMove(url.hash, 'https://pay.example/', PAGE, config, storage)).toBe(true);
    expect(handOverOwnAccount(url.hash, true)).toEqual({ uid: 1010, loginType: 'account' });
    expect(sealedForMove(moved('https://pay.example/pay-step'), PAGE, storage)).not.toContain(stored ?? '-');
  });

  it('to another origin: as it is, nothing stored (the referrer rule there)', () => {
    const storage = tab();
    const target = moved('https://alt.pay.example/pay-step');
    expect(sealedForMove(target, PAGE, storage)).toBe(target);
    expect(storage.length).toBe(0);
  });

  it('storage that refuses: no proof, so the page moved to takes it as a link', () => {
    const target = moved('https://pay.example/pay-step');
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(sealedForMove(target, PAGE, refusing)).toBe(target);
  });
});

describe("the hand-over's word, once its move is this app's own", () => {
  it.each([
    ['own move, own account', hash(), true, { uid: 1010, loginType: 'account' }],
    ['not its own move (a crafted link, or a server sent the page there)', hash(), false, undefined],
    ['no word', hash({ own: undefined }), true, undefined],
    ['an unknown login type', hash({ own: { uid: 1010, login_type: 'root' } }), true, undefined],
    ['a uid that is no account', hash({ own: { uid: -1, login_type: 'link' } }), true, undefined],
    ['no session key', hash({ session_key: undefined }), true, undefined],
  ])('own account: %s', (_name, at, movedHere, expected) => {
    expect(handOverOwnAccount(at, movedHere)).toEqual(expected);
  });

  it.each([
    ['own move, a step the visitor chose', hash(), true, true],
    ['not its own move', hash(), false, false],
    ["own move, a link's step (no word)", hash({ chosen: undefined }), true, false],
    ['a word that is not true itself', hash({ chosen: 'true' }), true, false],
    ['page info that is no JSON', '#pageinfo=%7Bnope', true, false],
  ])('chosen: %s', (_name, at, movedHere, expected) => {
    expect(handOverChosen(at, movedHere)).toBe(expected);
  });
});
