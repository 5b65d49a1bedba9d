// The contacts feature's public door: the contact queries, and the contact route a deal opens over.
export { useCreateContact } from './api/create-contact';
export { contactQueryOptions } from './api/get-contact';
export { searchContactsQueryOptions } from './api/search-contacts';
export { contactListSearchFrom } from './components/contact-list-logic';
export { contactRoute } from './routes';
