// The customer's pages' entry (public.html: /checkout/{id}, its return page, /customer-quote/{id}).
// React and this feature's own small CSS only: no Mantine, no router, no zod, no i18next, so the
// page stays within 90 KB gzip of JS; Stripe.js loads later, on the checkout page only.
import './features/public/public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PAGE_TITLES, PublicApp, publicRouteOf } from './features/public/public-app';

const root = document.getElementById('root');
if (root) {
  const route = publicRouteOf(window.location.pathname, window.location.search);
  document.title = PAGE_TITLES[route.page];
  createRoot(root).render(
    <StrictMode>
      <PublicApp route={route} />
    </StrictMode>,
  );
}
