// Build-time constants injected by webpack.config.base.ts (DefinePlugin) and by jest's globals.
declare const __APP_ENV__: 'develop' | 'trial' | 'release';
declare const __API_BASE_URLS__: { develop: string; trial: string; release: string };

declare module '*.css';
