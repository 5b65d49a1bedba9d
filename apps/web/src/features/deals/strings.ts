import { addEnglish } from '../../lib/i18n/i18n';
import { dealsEn } from '../../lib/i18n/locales/en-deals';

// every deals and dashboard module imports this, so the strings arrive with the first deals chunk
addEnglish(dealsEn);
