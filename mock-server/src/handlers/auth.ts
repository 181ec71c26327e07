import { ServerCode } from '@topup/contracts';
import type { Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';
import type { SignInOutcome } from '../world/sessions';

const asSession = (outcome: SignInOutcome) => {
  if (outcome.ok) return ok(outcome.session);
  return outcome.retryAfter === undefined
    ? refuse(outcome.result)
    : refuse(outcome.result, undefined, { retry_after: outcome.retryAfter });
};

/** Sign-ins of every kind (TESTDATA "Accounts" and "Other sign-in values"); never creates an account. */
export const authHandlers: Pick<
  Handlers,
  | 'getLoginKey'
  | 'accountLogin'
  | 'getPayUserInfo'
  | 'checkSession'
  | 'ticketLogin'
  | 'getLoginTicket'
  | 'facebookLogin'
  | 'googleLogin'
> = {
  getLoginKey: (request, { world }) => {
    const outcome =
      request.login_type === 'facebook'
        ? world.sessions.signInWithFacebook(request.user_id, request.access_token)
        : world.sessions.signInWithGoogle(request.access_token);
    return outcome.ok
      ? ok({ user_info: { ...outcome.session.user, session_key: outcome.session.session_key } })
      : refuse(outcome.result);
  },

  accountLogin: (request, { world, ip }) =>
    asSession(world.sessions.signInWithPassword(request.display_uid, request.password, ip)),
  ticketLogin: (request, { world }) =>
    asSession(world.sessions.signInWithTicket(request.ticket, request.uuid)),
  getLoginTicket: (request, { world }) => {
    const user = world.sessions.sessionUser(request.session_key);
    return user === undefined
      ? refuse(ServerCode.loggedOut)
      : ok(world.sessions.issueTicket(user.uid, request.uuid));
  },
  facebookLogin: (request, { world }) =>
    asSession(world.sessions.signInWithFacebook(request.user_id, request.access_token)),
  googleLogin: (request, { world }) => asSession(world.sessions.signInWithGoogle(request.id_token)),

  getPayUserInfo: (request, { world }) => {
    const user = world.sessions.sessionUser(request.session_key);
    return user === undefined ? refuse(ServerCode.loggedOut) : ok({ user });
  },

  checkSession: (request, { world }) => {
    const user = world.sessions.sessionUser(request.session_key);
    const expires_at = world.sessions.sessionExpiresAt(request.session_key);
    return user === undefined || expires_at === undefined
      ? refuse(ServerCode.loggedOut)
      : ok({ user, expires_at });
  },
};
