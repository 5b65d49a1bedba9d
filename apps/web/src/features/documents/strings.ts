import { addEnglish } from '../../lib/i18n/i18n';
import { directoryEn } from '../../lib/i18n/locales/en-directory';

// every documents module imports this, so the strings arrive with the documents chunk
addEnglish(directoryEn);
