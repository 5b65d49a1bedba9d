import {
  createContact,
  exportContacts,
  getContact,
  importContacts,
  previewContactImport,
  searchContacts,
  updateContact,
  updateContactExternal,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { readUpload } from '../../lib/uploads';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as contacts from './contacts.service';

export function registerContactRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, searchContacts, async ({ session, body }) =>
    contacts.searchContactsOf(db, session().accountId, {
      search: body.filters.search,
      sort: body.sort,
      limit: body.pagination.limit,
      offset: body.pagination.offset,
    }),
  );
  route(app, createContact, async ({ session, body }) => contacts.addContact(db, session().accountId, body));
  route(app, updateContact, async ({ session, params, body }) =>
    contacts.editContact(db, session().accountId, params.id, body),
  );
  route(app, getContact, async ({ session, params }) =>
    contacts.loadContact(db, session().accountId, params.id),
  );
  route(app, updateContactExternal, async ({ session, params, body }) =>
    contacts.updateContactExternalData(db, session().accountId, params.id, body),
  );

  route(app, previewContactImport, async ({ session, request }) => {
    const accountId = session().accountId;
    const upload = await readUpload(request, contacts.CONTACT_IMPORT_UPLOAD);
    return contacts.importContactFile(db, accountId, upload, false);
  });
  route(app, importContacts, async ({ session, request }) => {
    const accountId = session().accountId;
    const upload = await readUpload(request, contacts.CONTACT_IMPORT_UPLOAD);
    return contacts.importContactFile(db, accountId, upload, true);
  });

  rawRoute(app, exportContacts, async ({ session, query, reply }) => {
    const csv = await contacts.exportContactsCsv(db, session().accountId, query);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contacts.csv"')
      .header('cache-control', 'private, no-store');
    return csv;
  });
}
