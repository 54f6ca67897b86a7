/**
 * Registers the shell's service worker (/sw.js, built from sw.ts) once the page has loaded, so it
 * never competes with the first route. Production builds only, and only where a browser allows
 * one: a secure context (https, or http on localhost) served over http(s).
 */
export function registerServiceWorker(): void {
  if (!__SERVICE_WORKER__) return;
  if (!('serviceWorker' in navigator) || !window.isSecureContext || !/^https?:$/.test(window.location.protocol)) return;
  const register = () => {
    navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' }).catch((error: unknown) => {
      // The app works without it, only not offline.
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
