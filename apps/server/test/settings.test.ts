import { bundleMessages, companyMessages, markupOverrideMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient, uploadAs } from './harness';
import { createBundle, createSupplier } from './supplier-fixtures';

let t: TestApp;
let dealer: Awaited<ReturnType<typeof createDealer>>;
let other: Awaited<ReturnType<typeof createDealer>>;
let client: TestClient;
let otherClient: TestClient;
let supplier: Awaited<ReturnType<typeof createSupplier>>;
let foreignSupplier: Awaited<ReturnType<typeof createSupplier>>;

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t.db);
  other = await createDealer(t.db, { country: 'US' });
  client = await signedInClient(t, dealer);
  otherClient = await signedInClient(t, other);
  supplier = await createSupplier(t.db, [dealer.accountId]);
  foreignSupplier = await createSupplier(t.db, [other.accountId], 'Foreign');
});
afterAll(async () => {
  await t?.close();
});

const fieldsOf = (res: { json: () => { error: { fields: unknown[] } } }) => res.json().error.fields;

describe('GET /old/account-settings', () => {
  it('answers the company, country, linked suppliers only, and modules', async () => {
    const res = await client.get('/api/old/account-settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.main_company).toMatchObject({
      name: dealer.company,
      account_id: dealer.accountId,
      address: dealer.address,
    });
    expect(body.main_company.delivery_addresses).toEqual([
      { id: expect.any(Number), is_product_default: true, full_address: dealer.address },
    ]);
    expect(body.country).toMatchObject({
      iso2_code: 'AU',
      labor_tax_control: 1,
      currency_code: 'AUD',
      measure_system: 'METRIC',
    });
    expect(body.manufacturers.map((m: { id: number }) => m.id)).toEqual([supplier.manufacturer.id]);
    expect(body.manufacturers[0]).toMatchObject({
      shipping_methods: [
        { name: 'Courier', address: null },
        { name: 'Pick up', address: '2 Depot Road, Alexandria NSW' },
      ],
      brands: [supplier.brand.id],
      customer_settings: { default_shipping_method_id: null },
      manufacturer_customer_settings: { is_internal: false },
      offline_only: false,
    });
    expect(body.modules).toEqual({ 'dealer_portal.sales': true });
  });

  it('answers 401 signed out', async () => {
    expect((await new TestClient(t.app).get('/api/old/account-settings')).statusCode).toBe(401);
  });
});

describe('POST /old/account-settings/main-company', () => {
  const valid = {
    company_name: 'Renamed Blinds',
    address: '9 New Street, Newtown NSW 2042',
    email: 'a@x.test, b@x.test',
    account_email: 'accounts@x.test',
    order_confirmation_email: '',
    phone: '02 9000 0000',
  };

  it('saves the company and the signed-in profile follows', async () => {
    const res = await client.post('/api/old/account-settings/main-company', valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().main_company).toMatchObject({
      name: 'Renamed Blinds',
      address: '9 New Street, Newtown NSW 2042',
      email: 'a@x.test, b@x.test',
      account_email: 'accounts@x.test',
      order_confirmation_email: '',
      phone: '02 9000 0000',
    });
    const me = (await client.post('/api/old/auth/me')).json();
    expect(me.company).toMatchObject({ name: 'Renamed Blinds', address: '9 New Street, Newtown NSW 2042' });
  });

  it('refuses an invalid or a duplicate address in a list, and a missing name, with the spec messages', async () => {
    const invalid = await client.post('/api/old/account-settings/main-company', {
      ...valid,
      email: 'a@x.test, nope',
    });
    expect(invalid.statusCode).toBe(400);
    expect(fieldsOf(invalid)).toEqual([{ path: 'email', message: companyMessages.invalidAddress }]);
    const dup = await client.post('/api/old/account-settings/main-company', {
      ...valid,
      account_email: 'a@x.test, A@x.test',
    });
    expect(fieldsOf(dup)).toEqual([{ path: 'account_email', message: companyMessages.duplicateAddress }]);
    const noName = await client.post('/api/old/account-settings/main-company', {
      ...valid,
      company_name: ' ',
    });
    expect(fieldsOf(noName)).toEqual([{ path: 'company_name', message: 'Company name is required' }]);
    const noEmail = await client.post('/api/old/account-settings/main-company', { ...valid, email: '' });
    expect(fieldsOf(noEmail)).toEqual([{ path: 'email', message: 'Email is required' }]);
  });

  it('answers 419 without the CSRF token and leaves the other dealer alone', async () => {
    const noToken = new TestClient(t.app);
    noToken.cookie = client.cookie;
    expect((await noToken.post('/api/old/account-settings/main-company', valid)).statusCode).toBe(419);
    const theirs = (await otherClient.get('/api/old/account-settings')).json();
    expect(theirs.main_company.name).toBe(other.company);
  });
});

describe('dealer portal settings', () => {
  it('answers defaults, saves any subset, and keeps decimals exact', async () => {
    const fresh = await signedInClient(t);
    const defaults = (await fresh.get('/api/old/account-settings/dealer-portal')).json();
    expect(defaults).toMatchObject({
      depositPercentage: '50.00',
      taxRatePercentage: '10.00',
      accountAdjustmentType: 'PERCENT_MARK_UP',
      accountAdjustmentValue: '40.00',
      quotePricingTaxMode: 'INCLUSIVE',
      companyLogoDocumentUrl: null,
    });
    const saved = await fresh.post('/api/old/account-settings/dealer-portal', {
      depositPercentage: 33.33,
      quotePricingTaxMode: 'EXCLUSIVE',
      bindingText: 'Prices valid for 30 days.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      depositPercentage: '33.33',
      quotePricingTaxMode: 'EXCLUSIVE',
      bindingText: 'Prices valid for 30 days.',
      taxRatePercentage: '10.00',
    });
  });

  it('refuses out-of-range and unknown fields with their paths', async () => {
    const over = await client.post('/api/old/account-settings/dealer-portal', { depositPercentage: '150' });
    expect(over.statusCode).toBe(400);
    expect(fieldsOf(over)).toEqual([
      { path: 'depositPercentage', message: 'Deposit percentage must be at most 100' },
    ]);
    const negative = await client.post('/api/old/account-settings/dealer-portal', { taxRatePercentage: -1 });
    expect(fieldsOf(negative)).toEqual([
      { path: 'taxRatePercentage', message: 'Tax rate must be a number of at least 0' },
    ]);
    const margin = await client.post('/api/old/account-settings/dealer-portal', {
      accountAdjustmentType: 'PERCENT_MARGIN',
      accountAdjustmentValue: '100',
    });
    expect(fieldsOf(margin)).toEqual([
      { path: 'accountAdjustmentValue', message: 'A margin must be less than 100%' },
    ]);
    // Switching the type alone onto a stored 150 % is refused too, and nothing is written.
    await client.post('/api/old/account-settings/dealer-portal', {
      accountAdjustmentType: 'PERCENT_MARK_UP',
      accountAdjustmentValue: '150',
    });
    const switched = await client.post('/api/old/account-settings/dealer-portal', {
      accountAdjustmentType: 'PERCENT_MARGIN',
      bindingText: 'changed',
    });
    expect(fieldsOf(switched)).toEqual([
      { path: 'accountAdjustmentValue', message: 'A margin must be less than 100%' },
    ]);
    expect((await client.get('/api/old/account-settings/dealer-portal')).json()).toMatchObject({
      accountAdjustmentType: 'PERCENT_MARK_UP',
      accountAdjustmentValue: '150.00',
    });
    expect((await client.get('/api/old/account-settings/dealer-portal')).json().bindingText).not.toBe(
      'changed',
    );
    const unknown = await client.post('/api/old/account-settings/dealer-portal', { deposit: 5 });
    expect(fieldsOf(unknown)).toEqual([{ path: 'deposit', message: "Unrecognized field 'deposit'" }]);
  });
});

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (c: TestClient, url: string, filename: string, content: Buffer, field?: string) =>
  uploadAs(c, url, { filename, content, ...(field ? { field } : {}) });

describe('company logo upload', () => {
  it('stores a PNG outside the web root and serves it by its random id', async () => {
    const res = await upload(client, '/api/old/account-settings/dealer-portal/logo', 'logo.png', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().companyLogoDocumentUrl;
    expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a wrong extension, content that is not what it claims, an empty field name and a file over 2 MB', async () => {
    const gif = await upload(client, '/api/old/account-settings/dealer-portal/logo', 'logo.gif', PNG);
    expect(gif.statusCode).toBe(400);
    expect(fieldsOf(gif)).toEqual([
      { path: 'file', message: 'Only .png, .jpg, .jpeg files can be uploaded' },
    ]);
    const fake = await upload(
      client,
      '/api/old/account-settings/dealer-portal/logo',
      'logo.png',
      Buffer.from('<svg>not a png</svg>'),
    );
    expect(fieldsOf(fake)).toEqual([{ path: 'file', message: "The file's content is not a .png file" }]);
    const wrongField = await upload(
      client,
      '/api/old/account-settings/dealer-portal/logo',
      'logo.png',
      PNG,
      'image',
    );
    expect(wrongField.statusCode).toBe(400);
    const big = await upload(
      client,
      '/api/old/account-settings/dealer-portal/logo',
      'logo.png',
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
  });

  it('refuses a logo id of another dealer', async () => {
    const theirs = await upload(otherClient, '/api/old/account-settings/dealer-portal/logo', 'logo.png', PNG);
    const id = theirs.json().companyLogoDocumentId;
    const res = await client.post('/api/old/account-settings/dealer-portal', { companyLogoDocumentId: id });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'companyLogoDocumentId', message: 'Logo not found' }]);
  });
});

describe('supplier customer settings', () => {
  it('sets the default shipping method of a linked supplier', async () => {
    const method = supplier.methods[1]!;
    const res = await client.post(
      `/api/old/account-settings/manufacturer/${supplier.manufacturer.id}/customer-settings`,
      {
        default_shipping_method_id: method.id,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().manufacturer.customer_settings).toEqual({ default_shipping_method_id: method.id });
  });

  it("refuses another supplier's method (400) and a supplier the dealer is not linked to (404)", async () => {
    const wrong = await client.post(
      `/api/old/account-settings/manufacturer/${supplier.manufacturer.id}/customer-settings`,
      {
        default_shipping_method_id: foreignSupplier.methods[0]!.id,
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)[0]).toMatchObject({ path: 'default_shipping_method_id' });
    const foreign = await client.post(
      `/api/old/account-settings/manufacturer/${foreignSupplier.manufacturer.id}/customer-settings`,
      { default_shipping_method_id: null },
    );
    expect(foreign.statusCode).toBe(404);
    const badId = await client.post('/api/old/account-settings/manufacturer/abc/customer-settings', {
      default_shipping_method_id: null,
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('GET /providers', () => {
  it('answers the PDF and card-payment providers (test checkout without Stripe keys, card payments once connected)', async () => {
    expect((await client.get('/api/providers')).json()).toEqual({
      pdfGeneration: true,
      cardPayments: false,
      cardPaymentsMode: 'test',
    });
    const set = await client.put('/api/account-settings/card-payments', { accountId: 'acct_1ProviderTest' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await client.get('/api/providers')).json()).toEqual({
      pdfGeneration: true,
      cardPayments: true,
      cardPaymentsMode: 'test',
    });
    expect((await client.put('/api/account-settings/card-payments', { accountId: '' })).statusCode).toBe(200);
    expect((await client.get('/api/providers')).json()).toMatchObject({ cardPayments: false });
  });
});

describe('markup overrides', () => {
  const url = '/api/old/account-settings/dealer-portal/markup-overrides';
  let categoryId: number;

  it('offers categories and the dealer’s own products to pick from', async () => {
    const options = (await client.get(`${url}/options`)).json();
    categoryId = options.categories.find((c: { name: string }) => c.name === 'Roller Blinds').id;
    expect(options.products).toEqual([
      { id: supplier.product.id, productName: supplier.productName, brandName: supplier.brand.name },
    ]);
    const searched = (await client.get(`${url}/options?search=venetian`)).json();
    expect(searched.categories.map((c: { name: string }) => c.name)).toEqual(['Venetian Blinds']);
    expect(searched.products).toEqual([]);
  });

  it('adds, edits and deletes; one per product or category, with the spec messages', async () => {
    const created = await client.post(url, {
      id: 0,
      overrideType: 'CATEGORY',
      selectedId: categoryId,
      adjustmentType: 'PERCENT_MARK_UP',
      adjustmentValue: '12.5',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      overrideType: 'CATEGORY',
      selectedId: categoryId,
      adjustmentValue: '12.50',
      context: { category: { id: categoryId, name: 'Roller Blinds' } },
    });
    const dup = await client.post(url, {
      overrideType: 'CATEGORY',
      selectedId: categoryId,
      adjustmentType: 'PERCENT_MARGIN',
      adjustmentValue: 5,
    });
    expect(dup.statusCode).toBe(400);
    expect(fieldsOf(dup)).toEqual([{ path: 'selectedId', message: markupOverrideMessages.categoryTaken }]);

    const product = await client.post(url, {
      overrideType: 'PRODUCT',
      selectedId: supplier.product.id,
      adjustmentType: 'PERCENT_MARGIN',
      adjustmentValue: 30,
    });
    expect(product.json().context.product).toEqual({
      id: supplier.product.id,
      productName: supplier.productName,
      brandName: supplier.brand.name,
    });
    const dupProduct = await client.post(url, {
      overrideType: 'PRODUCT',
      selectedId: supplier.product.id,
      adjustmentType: 'PERCENT_MARGIN',
      adjustmentValue: 1,
    });
    expect(fieldsOf(dupProduct)).toEqual([
      { path: 'selectedId', message: markupOverrideMessages.productTaken },
    ]);

    const id = created.json().id;
    const edited = await client.put(`${url}/${id}`, {
      overrideType: 'CATEGORY',
      selectedId: categoryId,
      adjustmentType: 'PERCENT_MARGIN',
      adjustmentValue: '20',
    });
    expect(edited.json()).toMatchObject({ id, adjustmentType: 'PERCENT_MARGIN', adjustmentValue: '20.00' });
    expect((await client.get(url)).json()).toHaveLength(2);
    expect((await client.delete(`${url}/${id}`)).statusCode).toBe(200);
    expect((await client.get(url)).json()).toHaveLength(1);
  });

  it('validates: category required, amount ≥ 0, a product of an unlinked supplier refused', async () => {
    const noCategory = await client.post(url, {
      overrideType: 'CATEGORY',
      selectedId: null,
      adjustmentType: 'PERCENT_MARK_UP',
      adjustmentValue: 0,
    });
    expect(fieldsOf(noCategory)).toEqual([
      { path: 'selectedId', message: markupOverrideMessages.categoryRequired },
    ]);
    const negative = await client.post(url, {
      overrideType: 'CATEGORY',
      selectedId: categoryId,
      adjustmentType: 'PERCENT_MARK_UP',
      adjustmentValue: -3,
    });
    expect(fieldsOf(negative)).toEqual([
      { path: 'adjustmentValue', message: 'Amount must be a number of at least 0' },
    ]);
    const foreign = await client.post(url, {
      overrideType: 'PRODUCT',
      selectedId: foreignSupplier.product.id,
      adjustmentType: 'PERCENT_MARK_UP',
      adjustmentValue: 1,
    });
    expect(fieldsOf(foreign)).toEqual([{ path: 'selectedId', message: 'Product not found' }]);
  });

  it("answers 404 for another dealer's override, and never lists it", async () => {
    const theirs = await otherClient.post(url, {
      overrideType: 'CATEGORY',
      selectedId: categoryId,
      adjustmentType: 'PERCENT_MARK_UP',
      adjustmentValue: 1,
    });
    const id = theirs.json().id;
    expect(
      (
        await client.put(`${url}/${id}`, {
          overrideType: 'CATEGORY',
          selectedId: categoryId,
          adjustmentType: 'PERCENT_MARK_UP',
          adjustmentValue: 2,
        })
      ).statusCode,
    ).toBe(404);
    expect((await client.delete(`${url}/${id}`)).statusCode).toBe(404);
    expect((await client.get(url)).json().map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await otherClient.get(url)).json()).toHaveLength(1);
  });
});

describe('bundles', () => {
  let motorisation: { id: number };
  let fabricsA: { id: number };
  let fabricsB: { id: number };
  let foreignBundle: { id: number };

  beforeAll(async () => {
    motorisation = await createBundle(t.db, [supplier.product.id], {
      name: 'Motorisation',
      templateFields: [
        { templateKey: 'installFee', label: 'Install fee', operator: 'CURRENCY' },
        { templateKey: 'tradeDiscount', label: 'Trade discount', operator: 'FACTOR' },
      ],
    });
    fabricsA = await createBundle(t.db, [supplier.product.id], {
      name: 'Premium Fabrics A',
      exclusivityKey: 'premium',
    });
    fabricsB = await createBundle(t.db, [supplier.product.id], {
      name: 'Premium Fabrics B',
      exclusivityKey: 'premium',
    });
    foreignBundle = await createBundle(t.db, [foreignSupplier.product.id], { name: 'Foreign Bundle' });
  });

  it('lists the bundles of linked suppliers only', async () => {
    const list = (await client.get('/api/bundles')).json();
    expect(list.map((b: { name: string }) => b.name)).toEqual([
      'Motorisation',
      'Premium Fabrics A',
      'Premium Fabrics B',
    ]);
    expect(list[0]).toMatchObject({
      isSubscribed: false,
      templateFields: [
        { templateKey: 'installFee', label: 'Install fee', operator: 'CURRENCY', value: null },
        { templateKey: 'tradeDiscount', label: 'Trade discount', operator: 'FACTOR', value: null },
      ],
    });
    expect(
      (await client.post(`/api/bundles/${foreignBundle.id}/subscribe`, { templateValues: {} })).statusCode,
    ).toBe(404);
  });

  it('checks template values with the spec messages, then subscribes with them', async () => {
    const missing = await client.post(`/api/bundles/${motorisation.id}/subscribe`, { templateValues: {} });
    expect(fieldsOf(missing)).toEqual([
      { path: 'templateValues.installFee', message: bundleMessages.required },
      { path: 'templateValues.tradeDiscount', message: bundleMessages.required },
    ]);
    const out = await client.post(`/api/bundles/${motorisation.id}/subscribe`, {
      templateValues: { installFee: '-1', tradeDiscount: 1.5 },
    });
    expect(fieldsOf(out)).toEqual([
      { path: 'templateValues.installFee', message: bundleMessages.currencyMin },
      { path: 'templateValues.tradeDiscount', message: bundleMessages.factorRange },
    ]);
    const ok = await client.post(`/api/bundles/${motorisation.id}/subscribe`, {
      templateValues: { installFee: '85.50', tradeDiscount: 0.9 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      isSubscribed: true,
      templateFields: [{ value: '85.50' }, { value: '0.9' }],
    });
  });

  it('refuses a second bundle of one exclusivity group until the first is unsubscribed', async () => {
    expect(
      (await client.post(`/api/bundles/${fabricsA.id}/subscribe`, { templateValues: {} })).statusCode,
    ).toBe(200);
    const refused = await client.post(`/api/bundles/${fabricsB.id}/subscribe`, { templateValues: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(bundleMessages.exclusive);
    const after = (await client.get('/api/bundles')).json();
    expect(after.find((b: { id: number }) => b.id === fabricsA.id).isSubscribed).toBe(true);
    expect(after.find((b: { id: number }) => b.id === fabricsB.id).isSubscribed).toBe(false);
    expect((await client.post(`/api/bundles/${fabricsA.id}/unsubscribe`)).json().isSubscribed).toBe(false);
    expect(
      (await client.post(`/api/bundles/${fabricsB.id}/subscribe`, { templateValues: {} })).json()
        .isSubscribed,
    ).toBe(true);
  });
});

describe('calendar account', () => {
  it('is not linked, links the virtual calendar, and unlinks', async () => {
    const initial = (await client.get('/api/account/calendar-account')).json();
    expect(initial.connection).toBeNull();
    expect(
      initial.services.find((s: { provider: string }) => s.provider === 'VIRTUAL_CALENDAR'),
    ).toMatchObject({
      available: true,
    });
    expect(initial.services.find((s: { provider: string }) => s.provider === 'GOOGLE')).toMatchObject({
      available: false,
    });
    const linked = (await client.post('/api/account/virtual-calendar/link')).json();
    expect(linked.connection).toMatchObject({
      provider: 'VIRTUAL_CALENDAR',
      status: 'VALID',
      email: dealer.email,
    });
    expect((await otherClient.get('/api/account/calendar-account')).json().connection).toBeNull();
    expect((await client.delete('/api/account/calendar-account')).json().connection).toBeNull();
  });
});
