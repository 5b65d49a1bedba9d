import { messages } from '@slat/contracts';
import type { listsEn } from './en-lists';

/**
 * English for the shell and what every page shares; each feature brings its own strings
 * (features/<area>/strings.ts). Spec texts come from @slat/contracts `messages`, letter for letter.
 */
export const en = {
  app: {
    name: 'Slat',
    tagline: 'Quoting, selling and ordering made-to-measure window coverings',
    loading: 'Loading…',
    retry: 'Try again',
  },
  /** Every spec text the server or the contracts may produce; see translateMessage(). */
  messages: { ...messages },
  language: {
    label: 'Language',
    en: 'English',
    pl: 'Polski',
  },
  nav: {
    main: 'Main navigation',
    open: 'Open navigation',
    close: 'Close navigation',
    dashboard: 'Dashboard',
    deals: 'Deals',
    contacts: 'Contacts',
    personnel: 'Personnel',
    purchasing: 'Purchasing',
    orders: 'Orders',
    documents: 'Documents',
    settings: 'Settings',
  },
  shell: {
    skipToContent: 'Skip to content',
    userMenu: 'User menu',
    signedInAs: 'Signed in as',
    terms: 'Terms and conditions',
    privacy: 'Privacy policy',
    signOut: 'Sign out',
    featureFlags: 'Feature flags',
    featureFlagsHelp: 'Analytics is off, so flags are read from this browser’s local storage.',
    account: 'Account',
    finishSetupTitle: 'Finish setting up your account',
    addressMissing: 'Company address has not been set',
    addressHint: 'Some features may not work until an address is set',
    goToCompanySettings: 'Go to company settings',
    updateTitle: 'Update Available',
    updateMessage: 'A new version of Slat has been released. Reload to start using it.',
    later: 'Later',
    updateNow: 'Update now',
  },
  pages: {
    comingSoon: 'This page is coming soon.',
  },
  errors: {
    genericTitle: 'Sorry, something went wrong',
    genericMessage:
      'The server might be offline or experiencing issues, please try again later or contact technical support.',
    serverIssues: messages.serverError,
    reload: 'Reload',
    close: 'Close',
  },
  form: {
    required: 'This field is required',
    labelRequired: '{{label}} is required',
    pattern: 'Please enter a valid value',
    email: 'Please enter a valid email address',
    phone: 'Please enter a valid phone number',
    reviewAll: 'Review all fields and try again',
    togglePassword: 'Show or hide the password',
    between: 'This field must be between {{min}} and {{max}}',
    cancel: 'Cancel',
    /** Sales and purchasing §2, letter for letter (the contracts' dealMessages.unsavedChanges). */
    unsaved: {
      title: 'Unsaved changes',
      message: 'You have unsaved changes. If you exit now your changes will be lost. Are you sure?',
      keep: 'Keep editing',
      discard: 'Discard changes',
    },
    undo: 'Undo',
  },
  address: {
    noResults: 'No results found',
    lookupFailed: "We couldn't find that address, please try again",
    searching: 'Searching addresses',
    suggestions: 'Address suggestions',
  },
  dates: {
    yesterday: 'Yesterday',
    today: 'Today',
    tomorrow: 'Tomorrow',
  },
  flags: {
    Personnel: 'Personnel list',
    QuotePriceBreakdown: 'Quote price breakdown',
  },
};

/** The list pages' strings load with them (en-lists.ts), so the sign-in page stays small. */
export type CommonStrings = typeof en & typeof listsEn;
