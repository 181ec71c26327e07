import type { Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';

export const feedbackHandlers: Pick<Handlers, 'submitFeedback'> = {
  submitFeedback: (request, { world, sessionKey }) => {
    // Only a signed-in session vouches for a uid; a uid parameter alone is not trusted.
    const uid = sessionKey === undefined ? undefined : world.sessions.sessionUser(sessionKey)?.uid;
    const submitted = world.feedback.submit({
      content: request.content,
      contact: request.contact,
      images: request.images,
      uid,
      uuid: request.uuid,
      model: request.model,
      version: request.version,
    });
    return submitted.ok ? ok({ feedback_id: submitted.feedback_id }) : refuse(submitted.result);
  },
};
