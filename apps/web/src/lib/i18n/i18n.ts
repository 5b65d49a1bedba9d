import { messages } from '@slat/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../../config/constants';
import { storage } from '../storage';
import { type EnglishResources, en } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: EnglishResources };
  }
}

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export function storedLanguage(): Language {
  const value = storage.get(STORAGE_KEYS.language);
  return isLanguage(value) ? value : 'en';
}

export const i18n = i18next;

/** English is bundled; other languages load on demand so the sign-in page stays small. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  const { pl } = await import('./locales/pl');
  i18n.addResourceBundle('pl', 'translation', pl, true, true);
}

const pendingEnglish: object[] = [];

/** Adds English strings that load with a lazy feature (before or after init). */
export function addEnglish(resources: object): void {
  if (i18n.isInitialized) i18n.addResourceBundle('en', 'translation', resources, true, false);
  else pendingEnglish.push(resources);
}

export async function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    for (const resources of pendingEnglish.splice(0))
      i18n.addResourceBundle('en', 'translation', resources, true, false);
  }
  await setLanguage(language, { persist: false });
}

export async function setLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (persist) storage.set(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

const messageKeys = new Map<string, keyof typeof messages>(
  Object.entries(messages).map(([key, text]) => [text, key as keyof typeof messages]),
);

/** Translates a spec text produced elsewhere (a contract schema, a server error); others pass through. */
export function translateMessage(text: string): string {
  const key = messageKeys.get(text);
  return key ? i18n.t(`messages.${key}`) : text;
}
