import { describe, expect, it } from 'vitest';
import { mask, maskAddress } from './mask';

describe('maskAddress: an address as a command prints it', () => {
  it.each([
    ['no query: as given', 'ws://127.0.0.1:8080/ws/room', 'ws://127.0.0.1:8080/ws/room'],
    [
      'every query value, whatever its name',
      'wss://rooms.example/ws?token=abc&uid=42&x=',
      'wss://rooms.example/ws?token=•••&uid=•••&x=•••',
    ],
    ['a bare query word', 'ws://h/ws?s3cr3t&a=1', 'ws://h/ws?•••&a=•••'],
    ['user name and password', 'ws://qa:pa%40ss@h:9/ws', 'ws://•••@h:9/ws'],
    ['a password holding an @', 'ws://qa:p@ss@h/ws?k=v', 'ws://•••@h/ws?k=•••'],
    ['the fragment', 'https://h/api#access_token=abc', 'https://h/api#•••'],
    ['an empty query and fragment stay empty', 'http://h/?#', 'http://h/?'],
    // 1234 is a catalogue secret (masked by value in any text), but a port is kept as written.
    ['a port whose digits equal a secret', 'http://127.0.0.1:1234/', 'http://127.0.0.1:1234/'],
    ['text that is no URL', 'not a url?session_key=zz 9', 'not a url?session_key=•••'],
  ])('%s', (_label, address, shown) => {
    expect(maskAddress(address)).toBe(shown);
  });

  it('keeps the port even though mask() alone would hide those digits in prose', () => {
    expect(mask('port 1234')).toBe('port •••');
    expect(maskAddress('ws://127.0.0.1:1234/ws/room?token=1234')).toBe(
      'ws://127.0.0.1:1234/ws/room?token=•••',
    );
  });
});
