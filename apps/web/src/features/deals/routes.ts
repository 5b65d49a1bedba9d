import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { contactRoute } from '../contacts';
import { requireSales, signedInRoute } from '../shell';
import { boardSearchSchema } from './search';

const dealPages = () => import('./routes/deal-pages');

/** §2 the deals board of a workflow; its filters are the URL's parameters. */
export const workflowRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'workflows/$workflowSlug',
  validateSearch: boardSearchSchema,
  beforeLoad: requireSales,
  component: lazyRouteComponent(dealPages, 'WorkflowPage'),
});

/** The deal modal opens over its board (a child route), so closing it goes up one level. */
const dealRoute = createRoute({
  getParentRoute: () => workflowRoute,
  path: '$dealId',
  component: lazyRouteComponent(() => import('./routes/deal-page'), 'DealPage'),
});

/** A deal opened from a contact: the deal modal over the contact's (contacts feature). */
const contactDealRoute = createRoute({
  getParentRoute: () => contactRoute,
  path: '$workflowSlug/$dealId',
  component: lazyRouteComponent(() => import('./routes/contact-deal-page'), 'ContactDealPage'),
});

/** The board's child routes: the deal modal; app/router.tsx adds the quote routes beside it. */
export const dealChildRoutes = [dealRoute];

/** The deal routes under another feature's route (app/router.tsx puts them there). */
export const contactDealRoutes = [contactDealRoute];
