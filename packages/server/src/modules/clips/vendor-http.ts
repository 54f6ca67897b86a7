// The HTTP under every clip adapter: fetch with a time limit and the caller's abort, failures
// sorted into VendorError kinds. Each adapter reads its vendor's own error body on top of this.
import { VendorError } from './clip-provider.js';

export interface VendorResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when it was not JSON. */
  json: unknown;
  text: string;
}

/** One vendor call; a network failure or time-out is 'unavailable', an abort by the caller rethrows the abort. */
export async function vendorFetch(url: string, init: RequestInit, signal: AbortSignal, timeoutMs = 30_000): Promise<VendorResponse> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new VendorError('unavailable', timeout.aborted ? `no answer within ${timeoutMs} ms from ${new URL(url).host}` : `could not reach ${new URL(url).host}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Seconds from a Retry-After header (seconds or an HTTP date), when there is one. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The kind a plain HTTP status means when the vendor's body says nothing more precise. */
export function kindOfStatus(status: number): 'rate-limited' | 'unavailable' | 'rejected' {
  if (status === 429) return 'rate-limited';
  if (status >= 500 || status === 408) return 'unavailable';
  return 'rejected';
}

/**
 * Fetches a finished clip from the vendor's result URL (signed, expiring within hours). Object
 * stores answer an expired or revoked signature with 403 (or 404/410 once the object is gone):
 * 'expired'. At most `maxBytes`.
 */
export async function downloadResult(url: string, signal: AbortSignal, init: RequestInit = {}, maxBytes = 512 * 2 ** 20, timeoutMs = 120_000): Promise<Buffer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.any([signal, timeout]) });
    if (response.status === 403 || response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      throw new VendorError('expired', `result URL answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new VendorError(kindOfStatus(response.status), `result URL answered ${response.status}`, retryAfterSeconds(response.headers));
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) throw new VendorError('rejected', `clip of ${declared} bytes is over ${maxBytes}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxBytes) throw new VendorError('rejected', `clip of ${bytes.length} bytes is over ${maxBytes}`);
    return bytes;
  } catch (error) {
    if (error instanceof VendorError) throw error;
    if (signal.aborted) throw signal.reason;
    throw new VendorError('unavailable', timeout.aborted ? 'result download timed out' : `result download failed: ${(error as Error).message}`);
  }
}

/** `data:<type>;base64,…` of a picture, as DashScope and Ark take inline images. */
export function dataUri(image: { bytes: Buffer; contentType: string }): string {
  return `data:${image.contentType};base64,${image.bytes.toString('base64')}`;
}
