import { addStrings } from '../i18n';

/** English the list pages share (contacts, personnel, documents); added when one of them loads. */
export const listsEn = {
  lists: {
    nothingToDisplay: 'Nothing to display',
    noResults: 'No results found',
    // the spec's text, letter for letter
    recordsFound: '{{count}} record(s) found',
    pageOf: 'Page {{page}} of {{pages}}',
    paging: 'Pages',
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
    search: 'Search',
    loadFailed: 'This list could not be loaded.',
    close: 'Close',
    sortBy: 'Sort by {{column}}',
    sortedAscending: 'sorted ascending',
    sortedDescending: 'sorted descending',
  },
};

// each list page's strings.ts imports this module
addStrings({ en: listsEn });
