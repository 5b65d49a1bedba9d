// Every feature module served under /api, in registration order. A new module adds its folder
// (routes → service → repository, an index.ts as its only door) and one line here.
import type { ApiModule } from '../plugins/api';
import { authRoutes } from './auth/auth.routes';
import { brandingRoutes } from './branding/branding.routes';
import { bundleRoutes } from './bundles/bundles.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { dealRoutes } from './deals/deals.routes';
import { documentRoutes } from './deals/documents.routes';
import { eventRoutes } from './deals/events.routes';
import { noteRoutes } from './deals/notes.routes';
import { supplierDocumentRoutes } from './documents/supplier-documents.routes';
import { personnelModule } from './personnel/index';
import { markupOverrideRoutes } from './settings/markup-overrides.routes';
import { settingsRoutes } from './settings/settings.routes';
import { userRoutes } from './users/users.routes';
import { workflowRoutes } from './workflows/workflows.routes';

export const apiModules: readonly ApiModule[] = [
  { name: 'auth', register: authRoutes },
  { name: 'users', register: userRoutes },
  { name: 'branding', register: brandingRoutes },
  { name: 'catalog', register: catalogRoutes },
  { name: 'settings', register: settingsRoutes },
  { name: 'markup-overrides', register: markupOverrideRoutes },
  { name: 'bundles', register: bundleRoutes },
  { name: 'workflows', register: workflowRoutes },
  { name: 'deals', register: dealRoutes },
  { name: 'contacts', register: contactRoutes },
  personnelModule,
  { name: 'supplier-documents', register: supplierDocumentRoutes },
  { name: 'notes', register: noteRoutes },
  { name: 'appointments', register: eventRoutes },
  { name: 'attachments', register: documentRoutes },
];
