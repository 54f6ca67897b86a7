import { api } from '@app/shared';

/** Removes a picture the user uploaded and then took out of the form again. */
export function deleteFileUrl(url: string): Promise<void> {
  return api('/api/v1/video_task/delete_file_url', { url }, { hideErrorToast: true }).then(() => undefined);
}
