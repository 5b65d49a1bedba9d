import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { dateOnlySchema, isWireDate, wireDate } from '../wire-formats';

export const eventMessages = {
  titleRequired: 'Title is required',
  startAndEnd: 'Please enter a start and end time',
  endDateAfterStart: 'End date must be after start date',
  endTimeAfterStart: 'End time must be after start time',
  quarterHours: 'Times must be in 15-minute steps',
} as const;

/** Local date-time (no offset), minutes in 15-minute steps. */
const localTime = wireDate('dateTimeLocal', { required: eventMessages.startAndEnd }).refine(
  // A value that is not a date-time at all has its format message alone.
  (v) => !isWireDate('dateTimeLocal', v) || (Number(v.slice(14, 16)) % 15 === 0 && v.endsWith(':00')),
  eventMessages.quarterHours,
);
const zone = z
  .string()
  .min(1)
  .max(64)
  .refine((z) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: z });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone')
  .meta({ examples: ['Australia/Sydney', 'UTC'] });

/** The spec's four shapes of an appointment's time. */
export const temporalDataSchema = z.union([
  z.strictObject({ date: z.strictObject({ date: dateOnlySchema }) }),
  z
    .strictObject({ datespan: z.strictObject({ start: dateOnlySchema, end: dateOnlySchema }) })
    .refine((v) => v.datespan.end > v.datespan.start, {
      message: eventMessages.endDateAfterStart,
      path: ['datespan', 'end'],
    }),
  z.strictObject({ time: z.strictObject({ time: localTime, zone }) }),
  z.strictObject({
    timespan: z.strictObject({ start: localTime, end: localTime, startZone: zone, endZone: zone }),
  }),
]);
export type TemporalData = z.infer<typeof temporalDataSchema>;

export const dealEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  description: z.string(),
  temporalData: temporalDataSchema,
  /** Instants (ISO with offset) the server derived, for sorting and the header text. */
  startsAt: z.string(),
  endsAt: z.string(),
  context: z.object({ deal: z.object({ id: z.number().int(), tuid: z.number().int(), name: z.string() }) }),
});
export type DealEvent = z.infer<typeof dealEventSchema>;

export const dealEventBody = z.strictObject({
  title: z.string({ error: eventMessages.titleRequired }).trim().min(1, eventMessages.titleRequired).max(200),
  location: z.string().trim().max(500).default(''),
  description: z.string().max(5000).default(''),
  temporalData: temporalDataSchema,
});

export const listDealEvents = defineEndpoint({
  method: 'GET',
  path: '/deals/:dealId/events',
  summary: 'Appointments of a deal, soonest first',
  auth: 'session',
  params: z.object({ dealId: idParam() }),
  response: z.array(dealEventSchema),
});

export const createDealEvent = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/events',
  summary: 'Add an appointment',
  auth: 'session',
  params: z.object({ dealId: idParam() }),
  body: dealEventBody,
  response: dealEventSchema,
});

export const updateDealEvent = defineEndpoint({
  method: 'POST',
  path: '/events/:id',
  summary: 'Edit an appointment',
  auth: 'session',
  params: z.object({ id: idParam() }),
  body: dealEventBody,
  response: dealEventSchema,
});

export const deleteDealEvent = defineEndpoint({
  method: 'DELETE',
  path: '/events/:id',
  summary: 'Delete an appointment',
  auth: 'session',
  params: z.object({ id: idParam() }),
  response: z.object({ success: z.literal(true) }),
});
