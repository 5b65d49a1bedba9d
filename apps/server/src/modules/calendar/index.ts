// The calendar module's only door: the user's mail/calendar connection and the private .ics feed.
import type { ApiModule } from '../../plugins/api';
import { registerCalendarRoutes } from './calendar.routes';

export const calendarModule: ApiModule = { name: 'calendar', register: registerCalendarRoutes };
