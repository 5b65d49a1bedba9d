import {
  calendarFeedUrl,
  getCalendarAccount,
  getCalendarFeed,
  linkVirtualCalendar,
  unlinkCalendarAccount,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as calendar from './calendar.service';

export function registerCalendarRoutes(app: FastifyInstance, { db, config }: Services): void {
  route(app, getCalendarAccount, async ({ session }) => calendar.calendarAccount(db, session().userId));
  route(app, linkVirtualCalendar, async ({ session }) => {
    const s = session();
    return calendar.linkVirtualCalendarFor(db, s.accountId, s.userId);
  });
  route(app, unlinkCalendarAccount, async ({ session }) => calendar.unlinkCalendarFor(db, session().userId));

  route(app, calendarFeedUrl, async ({ session }) =>
    calendar.newFeedUrl(db, session().userId, config.publicUrl),
  );
  // The feed itself: public, the 256-bit token in the URL is the credential (calendar apps send no cookie).
  rawRoute(app, getCalendarFeed, async ({ params, reply }) => {
    const text = await calendar.feedCalendar(db, params.file, config.publicUrl);
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="slat-appointments.ics"');
    return text;
  });
}
