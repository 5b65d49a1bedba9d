import {
  getAccountSettings,
  getDealerSettings,
  getProviders,
  saveDealerSettings,
  saveMainCompany,
  saveManufacturerCustomerSettings,
  uploadCompanyLogo,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { readUpload } from '../../lib/uploads';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as settings from './settings.service';

export function registerSettingsRoutes(app: FastifyInstance, services: Services): void {
  const { db, files } = services;

  route(app, getAccountSettings, async ({ session }) =>
    settings.loadAccountSettings(db, session().accountId),
  );

  route(app, saveMainCompany, async ({ session, body }) => {
    const s = session();
    return settings.saveMainCompanyOf(services, s.accountId, s.userId, body);
  });

  route(app, getDealerSettings, async ({ session }) =>
    settings.loadDealerSettings(db, files, session().accountId),
  );

  route(app, saveDealerSettings, async ({ session, body }) =>
    settings.saveDealerSettingsOf(services, session().accountId, body),
  );

  route(app, uploadCompanyLogo, async ({ session, request }) => {
    const accountId = session().accountId;
    const upload = await readUpload(request, settings.LOGO_UPLOAD);
    return settings.setCompanyLogo(services, accountId, upload);
  });

  route(app, saveManufacturerCustomerSettings, async ({ session, params, body }) =>
    settings.saveSupplierSettings(
      db,
      session().accountId,
      params.manufacturerId,
      body.default_shipping_method_id,
    ),
  );

  route(app, getProviders, async ({ session }) =>
    settings.paymentProviders(db, session().accountId, services.config.stripeConfigured),
  );
}
