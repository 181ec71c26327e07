import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

afterEach(cleanup);

describe('a user avatar (SPEC §3)', () => {
  it("@spec:limit.imageWidth shows the user's icon, asked for at width 240, named after the user", () => {
    render(<Avatar src="/static/avatars/1002.png" name="ليلى" />);
    const icon = screen.getByTestId('avatar');
    expect(icon.tagName).toBe('IMG');
    expect(icon.getAttribute('src')).toBe('/static/avatars/1002.png?w=240');
    expect(icon.getAttribute('alt')).toBe('صورة ليلى');
    expect(icon.dataset.fallback).toBeUndefined();
  });

  it('falls back to the default avatar, the same size and announced as such, when the icon fails to load', () => {
    render(<Avatar src="/static/avatars/missing.png" name="ليلى" size="sm" />);
    fireEvent.error(screen.getByTestId('avatar'));
    const fallback = screen.getByRole('img', { name: 'الصورة الافتراضية' });
    expect(fallback).toBe(screen.getByTestId('avatar'));
    expect(fallback.dataset.fallback).toBe('true');
    expect(fallback.className).toBe('avatar avatar-sm avatar-default');
  });

  it('shows the default avatar at once when there is no icon', () => {
    render(<Avatar src="" name="" />);
    expect(screen.getByTestId('avatar').className).toBe('avatar avatar-md avatar-default');
    expect(screen.getByRole('img', { name: 'الصورة الافتراضية' })).toBeTruthy();
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png'])(
    'never loads %j: the default avatar instead (a server or storage may hold anything)',
    (src) => {
      const { container } = render(<Avatar src={src} name="x" />);
      expect(container.querySelector('img')).toBeNull();
      expect(screen.getByTestId('avatar').dataset.fallback).toBe('true');
    },
  );
});
