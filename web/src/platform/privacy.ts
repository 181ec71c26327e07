/**
 * The privacy policy, a static document reached by full-page redirect (SPEC §2). Apart from env.ts's
 * TERMS_URL because only the lazy info page goes there, so it stays out of the first load.
 */
export const PRIVACY_URL = '/privacy.html';
