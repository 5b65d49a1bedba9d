import { personMessages } from '@slat/contracts';
import { addStrings } from '../../lib/i18n/i18n';
import '../../lib/i18n/locales/en-lists';

/** English for the personnel pages; added when one of them loads. */
const personnelEn = {
  pages: {
    personnel: 'Personnel',
    person: 'Person',
  },
  personnel: {
    name: 'Name',
    email: 'Email',
    labels: 'Labels',
    notes: 'Notes',
    badgeColor: 'Badge colour',
    badgeColorHint: 'Left empty, a colour is picked for you.',
    table: 'Personnel',
    search: 'Search',
    searchPlaceholder: 'Name, email or notes',
    labelsPlaceholder: 'Any label',
    add: 'Add',
    addTitle: 'Add person',
    editTitle: 'Edit person',
    edit: 'Edit',
    archive: 'Archive',
    archiveTitle: 'Archive {{name}}?',
    archiveMessage: 'They will no longer appear in the personnel list.',
    archived: 'Person archived',
    save: 'Save',
    saved: 'Saved',
    added: 'Person added',
    cancel: 'Cancel',
    empty: personMessages.empty,
    noLabels: 'No labels',
    noNotes: 'No notes',
    labelsPlaceholderInput: 'Type a label and press Enter',
  },
};

declare module '../../lib/i18n/i18n' {
  interface FeatureStrings {
    personnel: typeof personnelEn;
  }
}

// every personnel module imports this, so the strings arrive with the first personnel chunk
addStrings({ en: personnelEn, pl: { pages: { personnel: 'Personel' } } });
