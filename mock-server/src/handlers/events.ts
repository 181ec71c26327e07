import type { Handlers } from '../contract/reply';
import { ok } from '../contract/reply';

/** Reports are recorded and acknowledged; the mock never refuses one that passed its schema. */
export const eventHandlers: Pick<
  Handlers,
  'addEvent' | 'payPageEvent' | 'pageViewIdResult' | 'tmpReport' | 'sensorReport'
> = {
  addEvent: (request, { world }) => {
    world.events.record('event', request.event_name, request);
    return ok(null);
  },
  payPageEvent: (request, { world }) => {
    world.events.record('payPage', request.eventName, request);
    return ok(null);
  },
  tmpReport: (request, { world }) => {
    world.events.record('tmp', request.app_order, request);
    return ok(null);
  },
  sensorReport: (request, { world }) => {
    world.events.record('sensor', request.event, request);
    return ok(null);
  },
  pageViewIdResult: (request, { world }) =>
    ok({ page_view_id: request.page_view_id, paid: world.events.isPageViewPaid(request.page_view_id) }),
};
