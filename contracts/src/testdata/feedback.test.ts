import { describe, expect, it } from 'vitest';
import {
  checkFeedbackContact,
  checkFeedbackFile,
  checkFeedbackFiles,
  checkFeedbackText,
  type FeedbackFile,
  feedbackLimits,
  feedbackTextLength,
} from './feedback';

const MB = 1024 * 1024;
const file = (name: string, size: number, content_type: string): FeedbackFile => ({
  name,
  size,
  content_type,
});

describe('checkFeedbackFile', () => {
  it.each([
    [file('a.jpg', 1000, 'image/jpeg'), 'image', 'image/jpeg'],
    [file('a.JPEG', 5 * MB, 'image/jpeg'), 'image', 'image/jpeg'],
    [file('a.png', 1, 'image/png'), 'image', 'image/png'],
    [file('a.webp', 100, 'image/webp'), 'image', 'image/webp'],
    [file('clip.mp4', 50 * MB, 'video/mp4'), 'video', 'video/mp4'],
    [file('clip.MOV', 10 * MB, 'video/quicktime'), 'video', 'video/quicktime'],
    [file('clip.mov', 10 * MB, ''), 'video', 'video/quicktime'],
    [file('photo.png', 10, 'application/octet-stream'), 'image', 'image/png'],
    [file('photo.png', 10, 'image/PNG; charset=binary'), 'image', 'image/png'],
  ])('accepts %o as %s (%s)', (candidate, kind, mime) => {
    expect(checkFeedbackFile(candidate)).toEqual({ ok: true, kind, mime });
  });

  it.each([
    [file('a.gif', 100, 'image/gif'), 'type'],
    [file('a.heic', 100, 'image/heic'), 'type'],
    [file('notes.pdf', 100, 'application/pdf'), 'type'],
    [file('evil.html', 100, 'text/html'), 'type'],
    [file('renamed.png', 100, 'text/html'), 'type'],
    [file('renamed.exe', 100, 'image/png'), 'type'],
    [file('a.png', 100, 'video/mp4'), 'type'],
    [file('noextension', 100, ''), 'type'],
    [file('clip.avi', 100, 'video/x-msvideo'), 'type'],
    [file('a.jpg', 5 * MB + 1, 'image/jpeg'), 'size'],
    [file('a.webp', 6 * MB, 'image/webp'), 'size'],
    [file('clip.mp4', 50 * MB + 1, 'video/mp4'), 'size'],
    [file('a.png', 0, 'image/png'), 'empty'],
    [file('clip.mov', 0, 'video/quicktime'), 'empty'],
    [file('a.gif', 0, 'image/gif'), 'type'],
    [file('a.png', -1, 'image/png'), 'size'],
    [file('a.png', Number.NaN, 'image/png'), 'size'],
  ])('refuses %o for %s', (candidate, reason) => {
    expect(checkFeedbackFile(candidate)).toEqual({ ok: false, reason });
  });
});

describe('checkFeedbackFiles', () => {
  const ok = file('a.png', 10, 'image/png');
  it.each([
    [[], { ok: true }],
    [[ok, ok, ok], { ok: true }],
    [[ok, ok, ok, ok], { ok: false, reason: 'count' }],
    [[ok, file('b.gif', 10, 'image/gif')], { ok: false, reason: 'type', index: 1 }],
    [[file('c.mp4', 60 * MB, 'video/mp4')], { ok: false, reason: 'size', index: 0 }],
    [[ok, file('empty.png', 0, 'image/png')], { ok: false, reason: 'empty', index: 1 }],
  ])('checks %o', (files, expected) => {
    expect(checkFeedbackFiles(files)).toEqual(expected);
  });
});

describe('checkFeedbackContact', () => {
  const long = `${'a'.repeat(95)}@x.com`;
  it.each([
    ['', { ok: true, contact: undefined }],
    ['   ', { ok: true, contact: undefined }],
    ['0501234567', { ok: true, contact: '0501234567' }],
    ['+966 50 123 4567', { ok: true, contact: '+966 50 123 4567' }],
    [' 050-123-4567 ', { ok: true, contact: '050-123-4567' }],
    ['reem@example.sa', { ok: true, contact: 'reem@example.sa' }],
    ['1234567', { ok: false, reason: 'format' }],
    ['1234567890123456', { ok: false, reason: 'format' }],
    ['050123456a', { ok: false, reason: 'format' }],
    ['-0501234567', { ok: false, reason: 'format' }],
    ['reem@example', { ok: false, reason: 'format' }],
    ['reem example@x.com', { ok: false, reason: 'format' }],
    [long, { ok: false, reason: 'length' }],
  ])('checks %j', (text, expected) => {
    expect(checkFeedbackContact(text)).toEqual(expected);
  });
});

describe('checkFeedbackText', () => {
  it.each([
    ['لا يصل الرصيد', { ok: true }],
    ['x'.repeat(500), { ok: true }],
    ['😀'.repeat(500), { ok: true }],
    ['x'.repeat(501), { ok: false, reason: 'length' }],
    ['ب'.repeat(501), { ok: false, reason: 'length' }],
    ['', { ok: false, reason: 'required' }],
    ['   \n\t ', { ok: false, reason: 'required' }],
    ['\u200b\u200b\u200b', { ok: false, reason: 'required' }],
    ['\u200e\u200f\ufeff\u2060\u3164', { ok: false, reason: 'required' }],
    ['\u200bلا يصل', { ok: true }],
  ])('checks %j', (text, expected) => {
    expect(checkFeedbackText(text)).toEqual(expected);
  });

  it('counts code points, with the limits of TESTDATA', () => {
    expect(feedbackTextLength('😀a')).toBe(2);
    expect(feedbackLimits).toEqual({
      maxFiles: 3,
      maxTextLength: 500,
      maxBytes: { image: 5 * MB, video: 50 * MB },
    });
  });
});
