import { archivePerson, createPerson, listPersonnel, personnelLabels, updatePerson } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as personnel from './personnel.service';

export function registerPersonnelRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listPersonnel, async ({ session }) => personnel.listPeople(db, session().accountId));
  route(app, personnelLabels, async ({ session }) => personnel.listPersonnelLabels(db, session().accountId));
  route(app, createPerson, async ({ session, body }) => personnel.addPerson(db, session().accountId, body));
  route(app, updatePerson, async ({ session, params, body }) =>
    personnel.editPerson(db, session().accountId, params.id, body),
  );
  route(app, archivePerson, async ({ session, params }) =>
    personnel.archivePersonById(db, session().accountId, params.id),
  );
}
