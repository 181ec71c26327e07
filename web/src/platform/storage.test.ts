import { StorageKeys } from '@topup/contracts/storage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onStorageFailure, readKey, writeKey } from './storage';

describe('storage failures before anyone listens (start-up’s module-level reads)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are kept, the first ten, and reported once start-up listens; later ones at once', () => {
    const refused = new DOMException('The operation is insecure.', 'SecurityError');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw refused;
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw refused;
    });
    expect(readKey(StorageKeys.sessionKey)).toBeUndefined();
    writeKey(StorageKeys.payTargetUid, 1002);
    for (let i = 0; i < 10; i += 1) readKey(StorageKeys.payTargetUid);
    const listener = vi.fn();
    onStorageFailure(listener);
    expect(listener.mock.calls).toHaveLength(10);
    expect(listener.mock.calls[0]).toEqual(['read', StorageKeys.sessionKey, refused]);
    expect(listener.mock.calls[1]).toEqual(['write', StorageKeys.payTargetUid, refused]);
    readKey(StorageKeys.loginType);
    expect(listener).toHaveBeenLastCalledWith('read', StorageKeys.loginType, refused);
    expect(listener.mock.calls).toHaveLength(11);
  });
});
