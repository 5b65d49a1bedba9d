import { z } from 'zod';
import { idParams, idSchema } from '../common';
import { defineEndpoint } from '../endpoint';

export const personMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'Email already in use',
  empty: 'No Personnel found',
} as const;

/** The fixed palette a new person's badge colour is drawn from (12 colours). */
export const BADGE_PALETTE = [
  '#e03131',
  '#c2255c',
  '#9c36b5',
  '#6741d9',
  '#3b5bdb',
  '#1971c2',
  '#0c8599',
  '#099268',
  '#2f9e44',
  '#66a80f',
  '#f08c00',
  '#e8590c',
] as const;

/** Badge initials: first letters of the name; first and last word initials when it has more than two words. */
export function personInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const picked = words.length > 2 ? [words[0]!, words[words.length - 1]!] : words;
  return picked.map((w) => w[0]!.toUpperCase()).join('');
}

export const personSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  labels: z.array(z.string()),
  notes: z.string(),
  badgeColor: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const personBodySchema = z.strictObject({
  id: idSchema.optional(),
  name: z.string({ error: personMessages.nameRequired }).trim().min(1, personMessages.nameRequired).max(200),
  email: z
    .string({ error: personMessages.emailRequired })
    .trim()
    .min(1, personMessages.emailRequired)
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, personMessages.emailInvalid),
  labels: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  notes: z.string().max(5000).default(''),
  badgeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1971c2')
    .nullable()
    .optional(),
});
export type PersonBody = z.input<typeof personBodySchema>;

export const listPersonnel = defineEndpoint({
  method: 'GET',
  path: '/personnel',
  summary: 'The account’s people (archived ones left out)',
  auth: 'session',
  response: z.array(personSchema),
});

export const createPerson = defineEndpoint({
  method: 'POST',
  path: '/personnel/create',
  summary: 'Add a person; the badge colour is picked from the palette unless given',
  auth: 'session',
  body: personBodySchema,
  response: z.object({ id: z.number().int() }),
});

export const updatePerson = defineEndpoint({
  method: 'PUT',
  path: '/personnel/:id/update',
  summary: 'Edit a person',
  auth: 'session',
  params: idParams,
  body: personBodySchema,
  response: personSchema,
});

export const archivePerson = defineEndpoint({
  method: 'DELETE',
  path: '/personnel/:id',
  summary: 'Archive a person',
  auth: 'session',
  params: idParams,
  response: z.object({ success: z.literal(true) }),
});

export const personnelLabels = defineEndpoint({
  method: 'GET',
  path: '/personnel/labels',
  summary: 'Every label in use, sorted',
  auth: 'session',
  response: z.array(z.string()),
});
