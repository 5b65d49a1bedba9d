import {
  getAccountSettings,
  getDealerSettings,
  getProviders,
  saveDealerSettings,
  saveMainCompany,
  saveManufacturerCustomerSettings,
  uploadCompanyLogo,
} from '@slat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companies, dealerSettings, files, shippingMethods, supplierDealers } from '../../db/schema';
import { fieldError, notFound } from '../../lib/app-error';
import { sentFields } from '../../lib/partial-update';
import { readUpload } from '../../lib/uploads';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import {
  loadAccountSettings,
  loadDealerSettings,
  loadMainCompany,
  loadManufacturers,
} from './settings.service';

export function settingsRoutes(app: FastifyInstance, services: Services): void {
  const fileUrl = (publicId: string) => services.files.url(publicId);

  route(app, getAccountSettings, async ({ session }) =>
    loadAccountSettings(services.db, session().accountId),
  );

  route(app, saveMainCompany, async ({ session, body }) => {
    const s = session();
    await services.db
      .update(companies)
      .set({
        name: body.company_name,
        email: body.email,
        ...sentFields({
          address: body.address === undefined ? undefined : body.address?.trim() || null,
          accountEmail: body.account_email,
          orderConfirmationEmail: body.order_confirmation_email,
          phone: body.phone,
        }),
      })
      .where(eq(companies.accountId, s.accountId));
    services.profiles.forget(s.userId);
    return { main_company: await loadMainCompany(services.db, s.accountId) };
  });

  route(app, getDealerSettings, async ({ session }) =>
    loadDealerSettings(services.db, session().accountId, fileUrl),
  );

  route(app, saveDealerSettings, async ({ session, body }) => {
    const s = session();
    if (body.companyLogoDocumentId) {
      const [own] = await services.db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, body.companyLogoDocumentId), eq(files.accountId, s.accountId)));
      if (!own) throw fieldError('companyLogoDocumentId', 'Logo not found');
    }
    const current = await loadDealerSettings(services.db, s.accountId, fileUrl);
    // A margin of 100 % or more has no price: check the combination the save would leave, before writing.
    const type = body.accountAdjustmentType ?? current.accountAdjustmentType;
    const value = body.accountAdjustmentValue ?? current.accountAdjustmentValue;
    if (type === 'PERCENT_MARGIN' && Number(value) >= 100) {
      throw fieldError('accountAdjustmentValue', 'A margin must be less than 100%');
    }
    const changes = sentFields({
      companyLogoFileId: body.companyLogoDocumentId,
      companyDeliveryAddress: body.companyDeliveryAddress,
      defaultShippingInstructions: body.defaultShippingInstructions,
      companyDetails: body.companyDetails,
      bindingText: body.bindingText,
      depositPercentage: body.depositPercentage,
      taxRatePercentage: body.taxRatePercentage,
      accountAdjustmentType: body.accountAdjustmentType,
      accountAdjustmentValue: body.accountAdjustmentValue,
      quotePricingTaxMode: body.quotePricingTaxMode,
    });
    if (Object.keys(changes).length) {
      await services.db.update(dealerSettings).set(changes).where(eq(dealerSettings.accountId, s.accountId));
    }
    return loadDealerSettings(services.db, s.accountId, fileUrl);
  });

  route(app, uploadCompanyLogo, async ({ session, request }) => {
    const s = session();
    const upload = await readUpload(request, {
      maxBytes: 2 * 1024 * 1024,
      extensions: ['png', 'jpg', 'jpeg'],
      field: 'file',
    });
    const saved = await services.files.save(s.accountId, upload);
    await services.db
      .insert(dealerSettings)
      .values({ accountId: s.accountId, companyLogoFileId: saved.id })
      .onConflictDoUpdate({ target: dealerSettings.accountId, set: { companyLogoFileId: saved.id } });
    return loadDealerSettings(services.db, s.accountId, fileUrl);
  });

  route(app, saveManufacturerCustomerSettings, async ({ session, params, body }) => {
    const s = session();
    const [link] = await services.db
      .select()
      .from(supplierDealers)
      .where(
        and(
          eq(supplierDealers.accountId, s.accountId),
          eq(supplierDealers.manufacturerId, params.manufacturerId),
        ),
      );
    if (!link) throw notFound('Supplier not found');
    if (body.default_shipping_method_id !== null) {
      const [method] = await services.db
        .select({ id: shippingMethods.id })
        .from(shippingMethods)
        .where(
          and(
            eq(shippingMethods.id, body.default_shipping_method_id),
            eq(shippingMethods.manufacturerId, params.manufacturerId),
          ),
        );
      if (!method)
        throw fieldError('default_shipping_method_id', 'This supplier has no such shipping method');
    }
    await services.db
      .update(supplierDealers)
      .set({ defaultShippingMethodId: body.default_shipping_method_id })
      .where(
        and(
          eq(supplierDealers.accountId, s.accountId),
          eq(supplierDealers.manufacturerId, params.manufacturerId),
        ),
      );
    const [manufacturer] = await loadManufacturers(services.db, s.accountId, params.manufacturerId);
    return { manufacturer: manufacturer! };
  });

  route(app, getProviders, async () => ({
    pdfGeneration: true,
    cardPayments: true,
    cardPaymentsMode: services.config.stripeConfigured ? ('stripe' as const) : ('test' as const),
  }));
}
