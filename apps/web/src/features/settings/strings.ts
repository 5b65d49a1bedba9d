import { addEnglish } from '../../lib/i18n/i18n';
import { settingsEn } from '../../lib/i18n/locales/en-settings';

// every settings module imports this, so the strings arrive with the first settings chunk
addEnglish(settingsEn);
