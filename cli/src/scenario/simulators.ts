/**
 * The provider simulators of the mock (mock-server/README.md, "Provider simulators"). Card numbers go only
 * here, never to a backend call: the backend sees the simulator's token.
 */
export const SIMULATOR_PATHS = {
  tokenize: {
    13: '/__sim/checkout/tokens',
    17: '/__sim/adyen/tokens',
  } as Record<13 | 17, string>,
  tokenizeBody: (card: { number: string; cvv?: string | undefined; expiry?: string | undefined; holder?: string | undefined }) => ({
    number: card.number,
    ...(card.cvv === undefined ? {} : { cvv: card.cvv }),
    ...(card.expiry === undefined ? {} : { expiry: card.expiry }),
    ...(card.holder === undefined ? {} : { name: card.holder }),
  }),
};
