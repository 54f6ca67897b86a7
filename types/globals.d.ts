// Build-time constants injected by webpack.config.base.ts (DefinePlugin) and by jest's globals.
declare const __APP_ENV__: 'develop' | 'trial' | 'release';
declare const __API_BASE_URLS__: { develop: string; trial: string; release: string };
/** Whether this build registers the shell's service worker (production builds of the shell). */
declare const __SERVICE_WORKER__: boolean;

declare module '*.css';
