/**
 * The runtime's own strings (dialog buttons, loading, errors), in the languages uni-app ships.
 * Product text is Chinese everywhere and does not come through here.
 */
export const LOCALES = ['en', 'fr', 'es', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];

export type MessageKey =
  | 'uni.async.error'
  | 'uni.showModal.cancel'
  | 'uni.showModal.confirm'
  | 'uni.showActionSheet.cancel'
  | 'uni.showLoading.title'
  | 'uni.navigationBar.back';

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  en: {
    'uni.async.error': 'The connection timed out, click the screen to try again.',
    'uni.showModal.cancel': 'Cancel',
    'uni.showModal.confirm': 'OK',
    'uni.showActionSheet.cancel': 'Cancel',
    'uni.showLoading.title': 'Loading',
    'uni.navigationBar.back': 'Back',
  },
  fr: {
    'uni.async.error': "La connexion a expiré, cliquez sur l'écran pour réessayer.",
    'uni.showModal.cancel': 'Annuler',
    'uni.showModal.confirm': 'OK',
    'uni.showActionSheet.cancel': 'Annuler',
    'uni.showLoading.title': 'Chargement',
    'uni.navigationBar.back': 'Retour',
  },
  es: {
    'uni.async.error': 'Se agotó el tiempo de conexión, haga clic en la pantalla para volver a intentarlo.',
    'uni.showModal.cancel': 'Cancelar',
    'uni.showModal.confirm': 'OK',
    'uni.showActionSheet.cancel': 'Cancelar',
    'uni.showLoading.title': 'Cargando',
    'uni.navigationBar.back': 'Atrás',
  },
  'zh-Hans': {
    'uni.async.error': '连接服务器超时，点击屏幕重试',
    'uni.showModal.cancel': '取消',
    'uni.showModal.confirm': '确定',
    'uni.showActionSheet.cancel': '取消',
    'uni.showLoading.title': '加载中',
    'uni.navigationBar.back': '返回',
  },
  'zh-Hant': {
    'uni.async.error': '連接服務器超時，點擊屏幕重試',
    'uni.showModal.cancel': '取消',
    'uni.showModal.confirm': '確定',
    'uni.showActionSheet.cancel': '取消',
    'uni.showLoading.title': '載入中',
    'uni.navigationBar.back': '返回',
  },
};
