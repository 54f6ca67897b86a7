import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../request/request';

/** docs/product.md "Data cache": retries in the browser; none on the server, where no one waits. */
const BROWSER_RETRIES = 3;
const SERVER_RETRIES = 0;
const MAX_RETRY_DELAY_MS = 30000;
/** Unused data is dropped after 5 minutes. */
const GC_TIME_MS = 5 * 60 * 1000;

/** Delay before retry number `attempt + 1`: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(opts: { server?: boolean } = {}): QueryClient {
  const retries = (opts.server ?? typeof window === 'undefined') ? SERVER_RETRIES : BROWSER_RETRIES;
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An ApiError is the server's considered answer (not found, not yours, signed out):
        // asking again gives the same answer, only later. Transport failures may pass: retry.
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < retries,
        retryDelay,
        gcTime: GC_TIME_MS,
      },
    },
  });
}

/** The one client of the page, shared by the shell and every remote through @app/shared. */
export const queryClient = createQueryClient();
