import type { Envelope } from '@app/contract';

/** A POST to the API from outside the browser (another device, a script), with the app's headers. */
export async function postApi<T = unknown>(
  baseUrl: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; answer: Envelope<T> & { msg?: string } }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: 'h5', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, answer: (await res.json()) as Envelope<T> & { msg?: string } };
}
