import { addStrings } from '../../lib/i18n/i18n';

/** English for the terms and privacy pages. */
const legalEn = {
  legal: {
    back: 'Back',
    termsTitle: 'Terms and conditions',
    termsBody: [
      'Slat is provided to trade dealers to quote, sell and order made-to-measure window coverings. By using it you agree to use it for your business only and to keep your sign-in details private.',
      'You are responsible for the accuracy of the measurements, prices and customer details you enter. Orders submitted to a supplier are subject to that supplier’s own terms of trade.',
      'We may update the service and these terms from time to time. Continued use after a change means you accept the updated terms.',
    ],
    privacyTitle: 'Privacy policy',
    privacyBody: [
      'We store the account, customer and order information you enter so that the service can work, and we use it for no other purpose.',
      'Customer details are shared with a supplier only when you submit an order to that supplier, and with a payment provider only when your customer pays online.',
      'You can ask us to export or delete your account’s data at any time by contacting support.',
    ],
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    legal: typeof legalEn;
  }
}

addStrings({ en: legalEn });
