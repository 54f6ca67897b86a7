// The build-time constants webpack defines (webpack.config.base.ts), as the tests see them.
globalThis.__APP_ENV__ = 'develop';
globalThis.__API_BASE_URLS__ = { develop: '', trial: '', release: '' };
