import { z } from 'zod';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';

export const contactMessages = {
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  /** An account has one contact per email (an import merges into it rather than adding another). */
  emailTaken: 'A contact with this email already exists',
  linkInvalid: 'Enter a web address starting with http:// or https://',
} as const;

/** A link a person may open from the contact page: web addresses only (no javascript:, data:, vbscript:). */
export const externalLinkSchema = z.url({
  protocol: /^https?$/,
  error: contactMessages.linkInvalid,
});

export const contactSummarySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

export const contactSchema = contactSummarySchema.extend({
  externalLink: z.string().nullable(),
  providerSchema: z.string().nullable(),
  externalData: z.unknown().nullable(),
  relatedDeals: z.array(
    z.object({
      id: z.number().int(),
      tuid: z.number().int(),
      status: z.string(),
      customer: z.string(),
      description: z.string(),
      workflowSlug: z.string(),
    }),
  ),
});
export type Contact = z.infer<typeof contactSchema>;

/** The list's search: matches name, email or phone. */
const contactSearchText = z.string().trim().max(200);

/** The list's sort: a column, descending with a leading '-'. */
export const contactSortSchema = z.enum(['name', '-name', 'email', '-email', 'phone', '-phone']);
export type ContactSortKey = z.infer<typeof contactSortSchema>;

/** A contact as the dealer types it (create and edit): a name, and an email and a phone if known. */
export const contactBodySchema = z.strictObject({
  name: z
    .string({ error: contactMessages.nameRequired })
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(200),
  email: z
    .string()
    .trim()
    .max(320)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), contactMessages.emailInvalid)
    .default(''),
  phone: z.string().trim().max(50).default(''),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const searchContacts = defineEndpoint({
  method: 'POST',
  path: '/contacts',
  summary:
    'Search contacts by name, email or phone (case-insensitive), paged; answers the total and one page',
  auth: 'session',
  // A search is a read: it needs no CSRF token.
  csrf: false,
  body: z.strictObject({
    filters: z.strictObject({ search: contactSearchText.optional() }).default({}),
    pagination: z
      .strictObject({
        limit: z.number().int().min(1).max(500).default(50),
        offset: z.number().int().min(0).default(0),
      })
      .default({ limit: 50, offset: 0 }),
    sort: contactSortSchema.optional(),
  }),
  response: z.object({ total: z.number().int(), data: z.array(contactSummarySchema) }),
});

export const createContact = defineEndpoint({
  method: 'POST',
  path: '/contacts/create',
  summary:
    'Create a contact (from the contact list, or inline in the deal editor); an email another contact of the account has answers 409 on email',
  auth: 'session',
  body: contactBodySchema,
  response: contactSummarySchema,
});

export const updateContact = defineEndpoint({
  method: 'PUT',
  path: '/contacts/:id',
  summary:
    "Edit a contact's name, email and phone; an email another contact of the account has answers 409 on email",
  auth: 'session',
  params: z.object({ id: z.string().uuid() }),
  body: contactBodySchema,
  response: contactSchema,
});

export const getContact = defineEndpoint({
  method: 'GET',
  path: '/contacts/:id',
  summary: 'A contact with its related deals',
  auth: 'session',
  params: z.object({ id: z.string().uuid() }),
  response: contactSchema,
});

export const updateContactExternal = defineEndpoint({
  method: 'POST',
  path: '/contacts/:id/update',
  summary: "Store a contact's external data (from a linked mail, chat or CRM provider)",
  auth: 'session',
  params: z.object({ id: z.string().uuid() }),
  body: z.strictObject({
    externalLink: externalLinkSchema.max(2000).nullable().optional(),
    providerSchema: z.string().max(100).nullable().optional(),
    externalData: z.unknown().optional(),
  }),
  response: contactSchema,
});

export const importRowSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  errors: z.array(z.string()),
  /** create: a new contact; merge: same email as an existing contact or an earlier row; skip: has errors. */
  action: z.enum(['create', 'merge', 'skip']),
});

export const importSummarySchema = z.object({
  rows: z.array(importRowSchema),
  created: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
});
export type ContactImportSummary = z.infer<typeof importSummarySchema>;

export const previewContactImport = defineEndpoint({
  method: 'POST',
  path: '/contacts/import/preview',
  summary: 'What importing a CSV or vCard file (multipart field `file`) would do, row by row; writes nothing',
  auth: 'session',
  response: importSummarySchema,
});

export const importContacts = defineEndpoint({
  method: 'POST',
  path: '/contacts/import',
  summary:
    'Import a CSV or vCard file (multipart field `file`): rows with errors are skipped, duplicates by email merged',
  auth: 'session',
  response: importSummarySchema,
});

export const exportContacts = defineRawEndpoint({
  method: 'GET',
  path: '/contacts/export',
  summary:
    'The contacts the list shows, as CSV (Name, Email, Phone): every one matching `search`, in the order of `sort` (all of them by name without)',
  query: z.object({
    search: contactSearchText.optional(),
    sort: contactSortSchema.optional(),
  }),
  produces: 'text/csv',
});
