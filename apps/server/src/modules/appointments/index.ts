// The appointments module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { eventRoutes } from '../deals/events.routes';

export const appointmentsModule: ApiModule = { name: 'appointments', register: eventRoutes };
export { listUserAppointments, toICalendar } from '../deals/events.routes';
