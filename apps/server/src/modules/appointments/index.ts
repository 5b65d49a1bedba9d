// The appointments module's only door: the appointments of deals (the API's "events"), and what
// the calendar feed calls.
import type { ApiModule } from '../../plugins/api';
import { registerAppointmentRoutes } from './appointments.routes';

export { listUserAppointments, toICalendar } from './appointments.service';
export const appointmentsModule: ApiModule = { name: 'appointments', register: registerAppointmentRoutes };
