import { describe, expect, it } from 'vitest';
import { initialSearch, isCurrent, type SearchState, searchOf, searchStep } from './searchState';

const start = (state: SearchState, id: string, form: 'inline' | 'dialog' = 'inline') =>
  searchStep(state, { type: 'start', id, form });

describe('the account search', () => {
  it('a newer search supersedes an older one: the older answer changes nothing', () => {
    const first = start(initialSearch, '10000002');
    const second = start(first, '10000010');
    expect(second).toMatchObject({ status: 'searching', id: '10000010' });
    expect(isCurrent(second, first.seq)).toBe(false);
    expect(searchStep(second, { type: 'answer', seq: first.seq, refusal: undefined, offline: false })).toBe(
      second,
    );
    const found = searchStep(second, { type: 'answer', seq: second.seq, refusal: undefined, offline: false });
    expect(found).toMatchObject({ status: 'found', id: '10000010' });
  });

  it('typing another ID in its form drops the search; the same ID, or another form, keeps it', () => {
    const searching = start(initialSearch, '10000002');
    expect(searchStep(searching, { type: 'edit', form: 'inline', text: '10000002' })).toBe(searching);
    expect(searchStep(searching, { type: 'edit', form: 'dialog', text: '1' })).toBe(searching);
    const dropped = searchStep(searching, { type: 'edit', form: 'inline', text: '1000001' });
    expect(dropped).toEqual({ status: 'idle', seq: searching.seq });
    expect(isCurrent(dropped, searching.seq)).toBe(false);
    expect(
      searchStep(dropped, { type: 'answer', seq: searching.seq, refusal: undefined, offline: false }),
    ).toBe(dropped);
  });

  it('a refusal is its form’s error until the visitor types; offline it keeps the ID to search again', () => {
    const searching = start(initialSearch, '10000003', 'dialog');
    const failed = searchStep(searching, {
      type: 'answer',
      seq: searching.seq,
      refusal: { message: 'banned' },
      offline: true,
    });
    expect(searchOf(failed, 'dialog')).toEqual({
      busy: false,
      failure: { message: 'banned' },
      offlineId: '10000003',
    });
    expect(searchOf(failed, 'inline')).toEqual({ busy: false, failure: undefined, offlineId: undefined });
    expect(searchStep(failed, { type: 'edit', form: 'dialog', text: '10000003' })).toMatchObject({
      status: 'idle',
    });
  });

  it('closing the sheet drops its search, not the inline one', () => {
    const inline = start(initialSearch, '10000002');
    expect(searchStep(inline, { type: 'close', form: 'dialog' })).toBe(inline);
    const sheet = start(inline, '10000010', 'dialog');
    expect(searchOf(sheet, 'dialog').busy).toBe(true);
    expect(searchOf(sheet, 'inline').busy).toBe(false);
    expect(searchStep(sheet, { type: 'close', form: 'dialog' })).toEqual({ status: 'idle', seq: sheet.seq });
  });
});
