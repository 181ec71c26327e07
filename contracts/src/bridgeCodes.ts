/** Native bridge error codes (SPEC §8). */
export const BridgeError = {
  NoError: 0,
  BadParam: 1,
  ConnectionShutdown: 2,
  ProtocolError: 3,
  InterruptedError: 4,
  SslHandshake: 5,
  SslPeerUnverified: 6,
  UnknownService: 7,
  SslError: 8,
  SocketError: 9,
  UnknownHost: 10,
  Unknown: -1,
} as const;
export type BridgeError = (typeof BridgeError)[keyof typeof BridgeError];
