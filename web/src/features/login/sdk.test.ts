import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACEBOOK_SDK_URL, loadScript, SDK_TIMEOUT_MS } from './sdk';

/** The SDK's script element the loader added, told it loaded or failed as the browser would. */
function sdkScript(): HTMLScriptElement {
  const script = document.querySelector<HTMLScriptElement>(`script[src="${FACEBOOK_SDK_URL}"]`);
  if (script === null) throw new Error('no SDK script was added');
  return script;
}

describe('a social SDK that comes after its wait (login page)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.replaceChildren();
  });

  it('is said unavailable after the wait, then its late load is told, and a later use has it at once', async () => {
    vi.useFakeTimers();
    const late = vi.fn();
    const first = loadScript(FACEBOOK_SDK_URL, SDK_TIMEOUT_MS, late);
    await vi.advanceTimersByTimeAsync(SDK_TIMEOUT_MS);
    expect(await first).toBe(false);
    expect(late).not.toHaveBeenCalled();
    sdkScript().dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(late).toHaveBeenCalledOnce());
    // Not the silence kept as a failure for the visit: the same download, loaded, with no second script.
    expect(await loadScript(FACEBOOK_SDK_URL)).toBe(true);
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });
});
