/** Route names of SPEC §2 and the pages the strings imply; the unknown-path fallback goes to the last one seen. */
export const ROUTES = {
  share: '/share.html',
  index: '/',
  pay: '/pay',
  recharge: '/recharge',
  rechargeList: '/recharge-list',
  payStep: '/pay-step',
  login: '/login',
  fines: '/fines',
  feedback: '/feedback',
  feedbackSuccess: '/feedback-success',
  test: '/test',
  about: '/about',
  contact: '/contact',
  agreement: '/agreement',
  download: '/download',
  privacy: '/privacy',
} as const;
export type RouteName = keyof typeof ROUTES;

const byPath = new Map<string, RouteName>(
  Object.entries(ROUTES).map(([name, path]) => [path, name as RouteName]),
);

export function routeNameOf(pathname: string): RouteName | undefined {
  return byPath.get(pathname === '' ? '/' : pathname.replace(/(.)\/$/, '$1'));
}

let lastKnown: RouteName | undefined;

export function rememberRoute(pathname: string): void {
  const name = routeNameOf(pathname);
  if (name !== undefined) lastKnown = name;
}

/** Where an unknown path goes: the last known route, or index, keeping the query. */
export function fallbackTarget(search: string, last: RouteName | undefined = lastKnown): string {
  return `${ROUTES[last ?? 'index']}${search}`;
}
