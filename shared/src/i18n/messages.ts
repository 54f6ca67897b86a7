/**
 * The runtime's own strings (dialog buttons, loading, errors), in the languages uni-app ships.
 * Product text is Chinese everywhere and does not come through here.
 */
export const LOCALES = ['en', 'fr', 'es', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];

export type MessageKey =
  | 'uni.async.error'
  | 'app.load.missing'
  | 'app.load.network'
  | 'app.load.incompatible'
  | 'app.load.crashed'
  | 'uni.showModal.cancel'
  | 'uni.showModal.confirm'
  | 'uni.showActionSheet.cancel'
  | 'uni.showLoading.title'
  | 'uni.navigationBar.back';

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  en: {
    'uni.async.error': 'The connection timed out, click the screen to try again.',
    'app.load.missing': 'The page could not be found (a new version may have just been released), click the screen to try again.',
    'app.load.network': 'Cannot reach the server, check your network and click the screen to try again.',
    'app.load.incompatible': 'This page does not fit this version of the app, click the screen to try again.',
    'app.load.crashed': 'Something went wrong on this page, click to try again.',
    'uni.showModal.cancel': 'Cancel',
    'uni.showModal.confirm': 'OK',
    'uni.showActionSheet.cancel': 'Cancel',
    'uni.showLoading.title': 'Loading',
    'uni.navigationBar.back': 'Back',
  },
  fr: {
    'uni.async.error': "La connexion a expiré, cliquez sur l'écran pour réessayer.",
    'app.load.missing': "La page est introuvable (une nouvelle version vient peut-être de sortir), cliquez sur l'écran pour réessayer.",
    'app.load.network': "Impossible de joindre le serveur, vérifiez le réseau et cliquez sur l'écran pour réessayer.",
    'app.load.incompatible': "Cette page ne convient pas à cette version de l'application, cliquez sur l'écran pour réessayer.",
    'app.load.crashed': "Une erreur s'est produite sur cette page, cliquez pour réessayer.",
    'uni.showModal.cancel': 'Annuler',
    'uni.showModal.confirm': 'OK',
    'uni.showActionSheet.cancel': 'Annuler',
    'uni.showLoading.title': 'Chargement',
    'uni.navigationBar.back': 'Retour',
  },
  es: {
    'uni.async.error': 'Se agotó el tiempo de conexión, haga clic en la pantalla para volver a intentarlo.',
    'app.load.missing': 'No se encontró la página (puede que se haya publicado una nueva versión), haga clic en la pantalla para volver a intentarlo.',
    'app.load.network': 'No se puede conectar con el servidor, revise la red y haga clic en la pantalla para volver a intentarlo.',
    'app.load.incompatible': 'Esta página no es compatible con esta versión de la aplicación, haga clic en la pantalla para volver a intentarlo.',
    'app.load.crashed': 'Algo salió mal en esta página, haga clic para volver a intentarlo.',
    'uni.showModal.cancel': 'Cancelar',
    'uni.showModal.confirm': 'OK',
    'uni.showActionSheet.cancel': 'Cancelar',
    'uni.showLoading.title': 'Cargando',
    'uni.navigationBar.back': 'Atrás',
  },
  'zh-Hans': {
    'uni.async.error': '连接服务器超时，点击屏幕重试',
    'app.load.missing': '页面文件找不到了（可能刚发布了新版本），点击屏幕重试',
    'app.load.network': '无法连接服务器，请检查网络后点击屏幕重试',
    'app.load.incompatible': '页面版本与应用不兼容，点击屏幕重试',
    'app.load.crashed': '页面出错了，点击重试',
    'uni.showModal.cancel': '取消',
    'uni.showModal.confirm': '确定',
    'uni.showActionSheet.cancel': '取消',
    'uni.showLoading.title': '加载中',
    'uni.navigationBar.back': '返回',
  },
  'zh-Hant': {
    'uni.async.error': '連接服務器超時，點擊屏幕重試',
    'app.load.missing': '頁面文件找不到了（可能剛發布了新版本），點擊屏幕重試',
    'app.load.network': '無法連接服務器，請檢查網絡後點擊屏幕重試',
    'app.load.incompatible': '頁面版本與應用不兼容，點擊屏幕重試',
    'app.load.crashed': '頁面出錯了，點擊重試',
    'uni.showModal.cancel': '取消',
    'uni.showModal.confirm': '確定',
    'uni.showActionSheet.cancel': '取消',
    'uni.showLoading.title': '載入中',
    'uni.navigationBar.back': '返回',
  },
};
