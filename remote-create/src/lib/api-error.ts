import { ApiError, SIGNED_OUT_RSP_CODE, toast } from '@app/shared';

/**
 * After a failed call the user started: the server's own words for a business refusal. Transport
 * failures were already shown by the request wrapper; a lost sign-in shows as the signed-out page.
 */
export function toastFailure(error: unknown): void {
  if (error instanceof ApiError && error.rspCode !== SIGNED_OUT_RSP_CODE) toast(error.rspMsg);
}
