import { MESSAGES, type Locale, type MessageKey } from './messages';

// Re-exported so that the package index, which exports this module, gives callers the types.
export type { Locale, MessageKey } from './messages';

/** The product is Chinese: a browser in a language we lack gets Simplified Chinese. */
const DEFAULT_LOCALE: Locale = 'zh-Hans';

let chosen: Locale | undefined;

/** Traditional script where the tag says so, or where the region writes it (TW, HK, MO). */
function chineseScript(tag: string): Locale {
  if (tag.includes('hans')) return 'zh-Hans';
  return /^zh-(hant|tw|hk|mo)\b/.test(tag) ? 'zh-Hant' : 'zh-Hans';
}

/** The first of the user's languages we have (BCP 47 tags, most preferred first). */
export function pickLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const tag = language.toLowerCase().replace(/_/g, '-'); // some WebViews say zh_TW
    if (tag === 'zh' || tag.startsWith('zh-')) return chineseScript(tag);
    for (const base of ['en', 'fr', 'es'] as const) {
      if (tag === base || tag.startsWith(`${base}-`)) return base;
    }
  }
  return DEFAULT_LOCALE;
}

/** The locale set with setLocale, else the browser's. */
export function getLocale(): Locale {
  if (chosen) return chosen;
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLocale(languages.filter(Boolean));
}

export function setLocale(locale: Locale): void {
  chosen = locale;
}

export function t(key: MessageKey): string {
  return MESSAGES[getLocale()][key];
}
