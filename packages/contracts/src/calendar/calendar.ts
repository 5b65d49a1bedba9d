import { z } from 'zod';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';

export const calendarProviders = [
  'GOOGLE',
  'MICROSOFT',
  'IMAP',
  'VIRTUAL_CALENDAR',
  'ICLOUD',
  'EWS',
] as const;

export const calendarConnectionSchema = z.object({
  id: z.number().int(),
  provider: z.enum(calendarProviders),
  status: z.enum(['VALID', 'INVALID']),
  email: z.string(),
});

export const calendarAccountSchema = z.object({
  connection: calendarConnectionSchema.nullable(),
  /** Outside services need their OAuth apps configured; the built-in virtual calendar always works. */
  services: z.array(
    z.object({
      provider: z.enum(calendarProviders),
      available: z.boolean(),
      linkPath: z.string().nullable(),
    }),
  ),
});
export type CalendarAccount = z.infer<typeof calendarAccountSchema>;

export const getCalendarAccount = defineEndpoint({
  method: 'GET',
  path: '/account/calendar-account',
  summary: "The signed-in user's mail and calendar connection and the services that can be linked",
  auth: 'session',
  response: calendarAccountSchema,
});

export const linkVirtualCalendar = defineEndpoint({
  method: 'POST',
  path: '/account/virtual-calendar/link',
  summary: 'Link the built-in virtual calendar (no outside service)',
  auth: 'session',
  response: calendarAccountSchema,
});

export const unlinkCalendarAccount = defineEndpoint({
  method: 'DELETE',
  path: '/account/calendar-account',
  summary: 'Unlink the connection',
  auth: 'session',
  response: calendarAccountSchema,
});

export const calendarFeedUrl = defineEndpoint({
  method: 'POST',
  path: '/calendar/feed',
  summary:
    "A private iCalendar (.ics) URL of the signed-in user's appointments; calling it again replaces the old URL",
  auth: 'session',
  response: z.object({ url: z.string() }),
});

/** The feed file name: the 256-bit token of the user's feed, base64url, and `.ics`. */
export const calendarFeedFileSchema = z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/);

export const getCalendarFeed = defineRawEndpoint({
  method: 'GET',
  path: '/calendar/:file',
  summary: "A user's appointments as iCalendar (text/calendar); the token in the URL is the credential",
  // Public: calendar apps subscribe to the URL and send no cookie; the 256-bit token is the credential.
  auth: 'public',
  produces: 'text/calendar',
  params: z.object({ file: calendarFeedFileSchema }),
});
