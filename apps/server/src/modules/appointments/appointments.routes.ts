import { createDealEvent, deleteDealEvent, listDealEvents, updateDealEvent } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as appointments from './appointments.service';

// The API calls appointments "events" (paths and contract names); the code says appointment.
export function registerAppointmentRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listDealEvents, async ({ session, params }) =>
    appointments.listDealAppointments(db, session().accountId, params.dealId),
  );
  route(app, createDealEvent, async ({ session, params, body }) => {
    const s = session();
    return appointments.addAppointment(db, s.accountId, s.userId, params.dealId, body);
  });
  route(app, updateDealEvent, async ({ session, params, body }) =>
    appointments.editAppointment(db, session().accountId, params.id, body),
  );
  route(app, deleteDealEvent, async ({ session, params }) =>
    appointments.deleteAppointment(db, session().accountId, params.id),
  );
}
