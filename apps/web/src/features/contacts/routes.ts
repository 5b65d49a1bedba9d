import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSales, signedInRoute } from '../shell';
import { contactListSearchSchema } from './search';

const contactPages = () => import('./routes/contact-pages');

/** §2 /contacts: the list; its search, sort and page stay in the URL for the modals over it. */
export const contactsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'contacts',
  validateSearch: contactListSearchSchema,
  beforeLoad: requireSales,
  component: lazyRouteComponent(contactPages, 'ContactsPage'),
});

/** The contact, a modal over the list (which stays mounted); a deal may open over it in turn. */
export const contactRoute = createRoute({
  getParentRoute: () => contactsRoute,
  path: '$contactId',
  component: lazyRouteComponent(contactPages, 'ContactPage'),
});
