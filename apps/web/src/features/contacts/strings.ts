import { addStrings } from '../../lib/i18n/i18n';
import '../../lib/i18n/locales/en-lists';

/** English for the contacts pages; added when one of them loads. */
const contactsEn = {
  pages: {
    contacts: 'Contacts',
    contact: 'Contact',
  },
  contacts: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    table: 'Contacts',
    searchPlaceholder: 'Name, email or phone',
    newContact: 'New contact',
    newTitle: 'New contact',
    editTitle: 'Edit contact',
    edit: 'Edit',
    editContact: 'Edit {{name}}',
    create: 'Create contact',
    save: 'Save',
    saved: 'Saved',
    sortLabel: 'Sort',
    sorts: {
      name: 'Name, A to Z',
      '-name': 'Name, Z to A',
      email: 'Email, A to Z',
      '-email': 'Email, Z to A',
      phone: 'Phone, ascending',
      '-phone': 'Phone, descending',
    },
    pagingEnd: 'Paging, end of the list',
    import: 'Import',
    export: 'Export',
    importTitle: 'Import contacts',
    importIntro:
      'Nothing has been written yet. Rows with errors are skipped; a row whose email matches an existing contact is merged into it.',
    importSummary: '{{create}} to create, {{merge}} to merge, {{skip}} with errors',
    importConfirm_one: 'Import {{count}} contact',
    importConfirm_other: 'Import {{count}} contacts',
    importNothing: 'There is nothing to import in this file.',
    importRows: 'The rows of the file',
    importRowsWithErrors_one: '{{count}} row has errors and will be skipped',
    importRowsWithErrors_other: '{{count}} rows have errors and will be skipped',
    importDone: 'Contacts imported',
    importDoneMessage: '{{created}} created, {{merged}} merged, {{skipped}} skipped',
    importFailed: 'The file could not be read',
    importHint:
      'Import takes a CSV file whose first row names the columns Name (or First name and Last name), Email and Phone (or Mobile), or a vCard (.vcf) file. A contact whose email is already here is merged into it.',
    cancel: 'Cancel',
    line: 'Line',
    action: 'Action',
    errors: 'Errors',
    actions: { create: 'Create', merge: 'Merge', skip: 'Skip' },
    loadFailed: 'This contact could not be loaded.',
    notFound: 'This contact does not exist.',
    relatedDeals: 'Related deals',
    noRelatedDeals: 'No related deals',
    dealId: 'ID',
    status: 'Status',
    customer: 'Customer',
    description: 'Description',
    openDeal: 'Open deal #{{tuid}}',
    openInProvider: 'Open in the provider',
    viewRawData: 'View raw data',
    hideRawData: 'Hide raw data',
    rawData: 'Raw data',
    noRawData: 'No external data',
    copy: 'Copy',
    copied: 'Copied to clipboard',
    copyFailed: 'Could not copy to the clipboard',
    backToContact: 'Back to the contact',
    openDealPage: 'Open the deal',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    contacts: typeof contactsEn;
  }
}

// every contacts module imports this, so the strings arrive with the first contacts chunk
addStrings({ en: contactsEn, pl: { pages: { contacts: 'Kontakty' } } });
