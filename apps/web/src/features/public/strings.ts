/**
 * The customer's pages' English. Plain constants, not i18next: the public document carries no
 * i18n runtime (its JS budget is 90 KB gzip). The spec's messages are copied letter for letter
 * from the contracts' *Messages objects (strings.test.ts checks they still match): importing the
 * contracts would bring zod into this document.
 */
export const paymentText = {
  notFoundTitle: "Oops! We're having trouble finding the payment you're looking for",
  notFoundBody: 'Please double-check the link and try again or contact our support team for assistance',
  cancelled: 'This payment link is no longer valid',
  failedTitle: 'Payment Failed',
  failedBody: 'We encountered a problem while processing your payment',
  doneTitle: 'All Done!',
  doneBody: 'Your payment has been successfully processed',
  unverified: 'Sorry, we were unable to verify the status of your payment',
  emailRequired: 'Please enter your email',
  emailMissing: 'Please enter an email address',
  testCheckoutLabel: 'Test checkout — no card is charged',
} as const;

export const quoteText = {
  notFoundTitle: 'Quote not found',
  notFoundBody: 'This link has expired or is not quite right. Please check it, or ask us for a new one.',
  withdrawn: 'This quote has been withdrawn. Please contact us for an up-to-date quote.',
  signerNameRequired: 'Please enter your name',
  signatureRequired: 'Please sign to accept the quote',
} as const;

/** The generic error (foundation §8). */
export const genericText = {
  title: 'Sorry, something went wrong',
  body: 'The server might be offline or experiencing issues, please try again later or contact technical support.',
} as const;

export const text = {
  loading: 'Loading…',
  tryAgain: 'Try again',
  close: 'Close',
  payment: {
    title: 'Payment',
    requestedBy: 'Payment to',
    amount: 'Amount',
    description: 'For',
    paidTitle: 'Paid — thank you',
    paidOn: 'This payment was received on',
    paidBody: 'This payment has been received. Nothing more is needed.',
    secureCheckout: 'Pay by card',
    email: 'Email',
    emailHint: 'Your receipt is sent here',
    pay: 'Pay',
    paying: 'Paying…',
    decline: 'Decline (test a failed payment)',
    testNote: 'This is the built-in test checkout: pressing Pay completes the payment without a card.',
    backToPayment: 'Back to the payment',
    checking: 'Checking your payment…',
  },
  quote: {
    title: 'Quote',
    quoteNumber: 'Quote',
    total: 'Total',
    deposit: 'Deposit required',
    pdf: 'Download the quote (PDF)',
    revised: 'This quote has been revised. You are seeing the newest version.',
    lines: 'What is quoted',
    room: 'Room',
    product: 'Product',
    size: 'Size',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    noLines: 'No items on this quote.',
    payments: 'Payments',
    totalReceived: 'Total received',
    balance: 'Balance',
    date: 'Date',
    method: 'Method',
    status: 'Status',
    noPayments: 'No payments yet.',
    statuses: { PENDING: 'Pending', SUCCEEDED: 'Paid', FAILED: 'Failed' },
    acceptTitle: 'Accept this quote',
    acceptIntro: 'Sign below and enter your name to accept the quote.',
    signerName: 'Your name',
    signature: 'Signature',
    signaturePad: 'Signature pad: draw your signature with a finger, pen or mouse',
    signatureHint: 'Draw in the box, or use your typed name as your signature.',
    useTypedName: 'Sign with my typed name',
    clear: 'Clear',
    signed: 'Signed',
    notSigned: 'Not signed yet',
    accept: 'Accept quote',
    accepting: 'Accepting…',
    acceptedTitle: 'Quote accepted',
    acceptedBy: 'Accepted by',
    acceptedOn: 'on',
    payTitle: 'Pay by card',
    payIntro: 'Pay now by card, or later as arranged with us.',
    payDeposit: 'Pay deposit',
    payBalance: 'Pay full balance',
    opening: 'Opening the checkout…',
    paidInFull: 'This quote is paid in full. Thank you.',
    backToQuote: 'Back to your quote',
  },
} as const;
