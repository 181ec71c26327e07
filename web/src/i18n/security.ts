import { catalogue } from './t';

/**
 * Arabic strings of the link-out rules (security/navigation.ts): shown only when the policy refuses a
 * target the visitor was about to be sent to, so they come with that code's chunk, not with the first screen.
 */
export const securityAr = {
  'security.navigationRefused':
    'لم نفتح هذا الرابط لأنه يؤدي إلى موقع غير موثوق. لم يتغيّر شيء، ويمكنك المتابعة من هنا',
} as const;

export const tSecurity = catalogue(securityAr);
