// @app/shared — the one runtime every app shares (a federation singleton). Remotes and the shell
// meet only here: pages, navigation, session and bus, requests, cache, UI helpers, strings.
export * from './pages/registry';

export * from './bus/event-bus';
export * from './session/session-store';

export * from './navigation/types';
export * from './navigation/navigation';
export * from './navigation/page-context';
export * from './navigation/leave-guard';
export * from './navigation/query-string';

export * from './request/config';
export * from './request/request';
export * from './request/api';
export * from './api/account-info';
export * from './api/upload-image';
export * from './api/upload-audio';
export * from './api/activation-code';
export * from './api/write-script';
export * from './api/template-list';
export * from './api/app-info';
export * from './api/share-link';
export * from './request/event-stream';
export * from './query/query-client';
export * from './query/page-items';
export * from './format/time';

export * from './ui/toast';
export * from './ui/modal';
export * from './ui/show-action-sheet';
export * from './ui/overlays';
export * from './ui/redeem-dialog';
export * from './i18n/locale';
export * from './ui/sign-in-prompt';
export * from './ui/load-more';
