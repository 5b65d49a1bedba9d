import { messages } from '@slat/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../../config/constants';
import { storage } from '../storage';
import { type CommonStrings, en } from './locales/en';

/**
 * The strings of each feature, registered by the feature's strings.ts through declaration
 * merging (`interface FeatureStrings { deals: typeof dealsEn }`), so t() checks their keys too.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry per feature
export interface FeatureStrings {}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
export type EnglishResources = CommonStrings & Intersection<FeatureStrings[keyof FeatureStrings]>;

/** A translation of some of the English strings; anything left out falls back to English. */
export type Translation<T> = {
  [K in keyof T]?: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? string[]
      : Translation<T[K]>;
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: EnglishResources };
  }
}

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

function storedLanguage(): Language {
  const value = storage.get(STORAGE_KEYS.language);
  return isLanguage(value) ? value : 'en';
}

export const i18n = i18next;

let commonPolish: Promise<void> | undefined;

/** English is bundled; the common Polish strings load on demand so the sign-in page stays small. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return;
  commonPolish ??= import('./locales/pl').then(
    ({ pl }) => void i18n.addResourceBundle('pl', 'translation', pl, true, true),
    (error: unknown) => {
      commonPolish = undefined;
      throw error;
    },
  );
  await commonPolish;
}

const pendingBundles: [Language, object][] = [];

function addBundle(language: Language, resources: object): void {
  if (i18n.isInitialized) i18n.addResourceBundle(language, 'translation', resources, true, false);
  else pendingBundles.push([language, resources]);
}

/**
 * Adds a feature's strings, which load with its code (before or after init): English, and the
 * Polish translated so far (small, so it comes along rather than with the common Polish file).
 */
export function addStrings<T extends object>(strings: { en: T; pl?: Translation<T> }): void {
  addBundle('en', strings.en);
  if (strings.pl) addBundle('pl', strings.pl);
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
    for (const [language, resources] of pendingBundles.splice(0))
      i18n.addResourceBundle(language, 'translation', resources, true, false);
  }
  await setLanguage(language, { persist: false });
}

export async function setLanguage(language: Language, { persist = true } = {}): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (persist) storage.set(STORAGE_KEYS.language, language);
  // no document when the server renders the first screen
  if (typeof document !== 'undefined') document.documentElement.lang = language;
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
