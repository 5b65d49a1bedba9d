import { addEnglish } from '../../lib/i18n/i18n';
import { directoryEn } from '../../lib/i18n/locales/en-directory';

// every contacts module imports this, so the strings arrive with the first contacts chunk
addEnglish(directoryEn);
