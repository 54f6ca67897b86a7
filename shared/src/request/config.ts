/**
 * Where the API lives. Each environment version (develop, trial, release) may point at its own
 * host, fixed at build time; an empty string means the page's own origin, which is the default
 * because the server hosts the built apps and the API together.
 */
let runtimeBaseUrl: string | undefined;

export function apiBaseUrl(): string {
  return runtimeBaseUrl ?? __API_BASE_URLS__[__APP_ENV__] ?? '';
}

/**
 * Points requests at another host at run time (a remote deployed on its own origin, a test
 * server). Called without `baseURL`, requests go back to the build-time value.
 */
export function configureRequest(opts: { baseURL?: string }): void {
  runtimeBaseUrl = opts.baseURL;
}
