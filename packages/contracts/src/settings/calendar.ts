import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const calendarProviders = [
  'GOOGLE',
  'MICROSOFT',
  'IMAP',
  'VIRTUAL_CALENDAR',
  'ICLOUD',
  'EWS',
] as const;

export const calendarMessages = {
  invalid:
    'Your linked account appears to be invalid. Please check your account settings or link another account.',
  loadError: 'Error loading account',
  notLinked: 'Not linked',
} as const;

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
