/**
 * The customer's pages' calls. No zod and no contracts here (they would double this document's
 * JS): each answer's few fields are checked by hand, and a wrong shape counts as a failed call.
 * The types mirror packages/contracts/src/payments/{public-payments,customer-quotes}.ts
 * (api.test.ts checks they stay assignable).
 */

export type PublicPayment = {
  paymentId: string;
  amount: string;
  currency: string;
  description: string;
  status: 'REQUESTED' | 'PAID' | 'CANCELLED';
  dealerName: string;
  mode: 'stripe' | 'test';
  publishableKey: string | null;
  transactedAt: string | null;
};

export type CheckoutSession = { sessionId: string; clientSecret: string; stripeAccount: string };
export type SessionStatus = { sessionId: string; status: 'OPEN' | 'COMPLETE' | 'EXPIRED' | 'UNKNOWN' };
export type TestCheckoutResult = { status: 'complete' | 'open'; returnUrl: string; message: string | null };

export type CustomerQuoteLine = {
  room: string;
  product: string;
  size: string;
  quantity: number;
  price: string;
};
export type CustomerQuote = {
  id: string;
  isDepositRequired: boolean;
  order: {
    id: number;
    tuid: number;
    name: string;
    total: string;
    depositAmount: string;
    createdAt: string;
    convertedAt: string | null;
  };
  quotePdf: { id: string; url: string };
  company: { id: number; name: string; logoUrl: string | null };
  currency: string;
  lines: CustomerQuoteLine[];
  acceptedBy: string | null;
  revisedTo: string | null;
  withdrawn: boolean;
  cardPayments: boolean;
};
export type PaymentSummary = {
  id: string;
  totalReceived: string;
  balance: string;
  payments: {
    date: string;
    paymentMethod: string;
    amount: string;
    status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  }[];
};

/** A failed call: its HTTP status (0: no answer or an answer of the wrong shape) and field messages. */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'PublicApiError';
  }
}

type Check<T> = (value: unknown) => value is T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const oneOf =
  <T extends string>(...values: T[]) =>
  (v: unknown): v is T =>
    values.includes(v as T);

/** An object whose named fields pass their checks (extra fields are allowed and ignored). */
function shape<T>(checks: { [K in keyof T]: (value: unknown) => boolean }): Check<T> {
  return (v: unknown): v is T =>
    isObject(v) && Object.entries(checks).every(([key, check]) => (check as (x: unknown) => boolean)(v[key]));
}

const arrayOf =
  <T>(check: Check<T>) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(check);

export const isPublicPayment = shape<PublicPayment>({
  paymentId: isString,
  amount: isString,
  currency: isString,
  description: isString,
  status: oneOf('REQUESTED', 'PAID', 'CANCELLED'),
  dealerName: isString,
  mode: oneOf('stripe', 'test'),
  publishableKey: isNullableString,
  transactedAt: isNullableString,
});
const isCheckoutSession = shape<CheckoutSession>({
  sessionId: isString,
  clientSecret: isString,
  stripeAccount: isString,
});
const isSessionStatus = shape<SessionStatus>({
  sessionId: isString,
  status: oneOf('OPEN', 'COMPLETE', 'EXPIRED', 'UNKNOWN'),
});
const isTestCheckoutResult = shape<TestCheckoutResult>({
  status: oneOf('complete', 'open'),
  returnUrl: isString,
  message: isNullableString,
});
const isLine = shape<CustomerQuoteLine>({
  room: isString,
  product: isString,
  size: isString,
  quantity: isInt,
  price: isString,
});
export const isCustomerQuote = shape<CustomerQuote>({
  id: isString,
  isDepositRequired: isBoolean,
  order: shape<CustomerQuote['order']>({
    id: isInt,
    tuid: isInt,
    name: isString,
    total: isString,
    depositAmount: isString,
    createdAt: isString,
    convertedAt: isNullableString,
  }),
  quotePdf: shape<CustomerQuote['quotePdf']>({ id: isString, url: isString }),
  company: shape<CustomerQuote['company']>({ id: isInt, name: isString, logoUrl: isNullableString }),
  currency: isString,
  lines: arrayOf(isLine),
  acceptedBy: isNullableString,
  revisedTo: isNullableString,
  withdrawn: isBoolean,
  cardPayments: isBoolean,
});
export const isPaymentSummary = shape<PaymentSummary>({
  id: isString,
  totalReceived: isString,
  balance: isString,
  payments: arrayOf(
    shape<PaymentSummary['payments'][number]>({
      date: isString,
      paymentMethod: isString,
      amount: isString,
      status: oneOf('PENDING', 'SUCCEEDED', 'FAILED'),
    }),
  ),
});
const isPayAnswer = shape<{ paymentId: string; checkoutUrl: string }>({
  paymentId: isString,
  checkoutUrl: isString,
});

/** The API's error body: {"error":{"code","message","fields":[{"path","message"}]}}. */
function errorOf(status: number, body: unknown): PublicApiError {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const fields = Array.isArray(error?.fields)
    ? error.fields.filter(shape<{ path: string; message: string }>({ path: isString, message: isString }))
    : [];
  return new PublicApiError(status, isString(error?.message) ? error.message : `HTTP ${status}`, fields);
}

async function call<T>(check: Check<T>, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new PublicApiError(0, 'Network error');
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw errorOf(res.status, json);
  if (!check(json)) throw new PublicApiError(0, `Unexpected answer from ${path}`);
  return json;
}

const id = encodeURIComponent;

export const publicApi = {
  payment: (paymentId: string) => call(isPublicPayment, `/public/payment/${id(paymentId)}`),
  createSession: (paymentId: string) =>
    call(isCheckoutSession, `/public/payment/${id(paymentId)}/create-session`, {}),
  sessionStatus: (paymentId: string, sessionId: string) =>
    call(isSessionStatus, `/public/payment/${id(paymentId)}/session/${id(sessionId)}`),
  completeTestCheckout: (
    sessionId: string,
    body: { clientSecret: string; email: string; outcome: 'succeed' | 'decline' },
  ) => call(isTestCheckoutResult, `/public/test-checkout/${id(sessionId)}/complete`, body),
  quote: (quoteId: string) => call(isCustomerQuote, `/customerquote/${id(quoteId)}`),
  quotePayments: (quoteId: string) => call(isPaymentSummary, `/customerquote/${id(quoteId)}/payments`),
  accept: (quoteId: string, body: { signerName: string; signature: string }) =>
    call(isCustomerQuote, `/customerquote/${id(quoteId)}/accept`, body),
  pay: (quoteId: string, choice: 'DEPOSIT' | 'BALANCE') =>
    call(isPayAnswer, `/customerquote/${id(quoteId)}/pay`, { choice }),
};
