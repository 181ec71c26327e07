// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { chargeAr } from './charge';
import { feedbackAr } from './feedback';
import { finesAr } from './fines';
import { infoAr } from './info';
import { loginAr } from './login';
import { payAr } from './pay';
import { popupsAr } from './popups';
import { roomAr } from './room';
import { searchAr } from './search';
import { securityAr } from './security';
import { catalogue } from './t';

const catalogues = {
  ar,
  chargeAr,
  feedbackAr,
  finesAr,
  infoAr,
  loginAr,
  payAr,
  popupsAr,
  roomAr,
  searchAr,
  securityAr,
};

describe('the string catalogues', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    const text = catalogue({ 'x.a': 'أدخل {min} أرقام', 'x.b': 'بدون' });
    expect(text('x.a', { min: 5 })).toBe('أدخل 5 أرقام');
    expect(text('x.a', {})).toBe('أدخل {min} أرقام');
    expect(text('x.b')).toBe('بدون');
  });

  it('no key is in two catalogues, so each string has one owner', () => {
    const owners = new Map<string, string[]>();
    for (const [name, strings] of Object.entries(catalogues))
      for (const key of Object.keys(strings)) owners.set(key, [...(owners.get(key) ?? []), name]);
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it.each(Object.entries(catalogues))('%s: every string is written', (_name, strings) => {
    for (const [key, text] of Object.entries(strings)) expect(text.trim(), key).not.toBe('');
  });
});
