import type { ShareLink } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../request/api';
import { toast } from '../ui/toast';

/**
 * A video's share link (/api/v1/video_task/share_link): the public page /s/<token> the server
 * serves. One place for every 复制链接 of a video (视频详情's … menu, 我的创作's menu).
 */
export const shareLinkKey = (taskId: string) => ['share-link', taskId] as const;

export function createShareLink(taskId: string, renew = false): Promise<ShareLink> {
  return api('/api/v1/video_task/share_link', { id: taskId, renew });
}

/** Text on the clipboard, also where the Clipboard API is missing (plain http); false if neither way worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/**
 * 复制链接: makes the video's share link if it has none (or a new one with `renew`), copies it and
 * says so. Resolves to the link, or null when the server refused (its toast has said why).
 */
export async function copyShareLink(taskId: string, options: { renew?: boolean } = {}): Promise<ShareLink | null> {
  let link: ShareLink;
  try {
    link = await createShareLink(taskId, options.renew ?? false);
  } catch {
    return null;
  }
  if (await copyText(link.url)) toast(options.renew ? '新链接已复制，旧链接已失效' : '分享链接已复制，任何人打开都能观看');
  else toast(`复制失败，请手动复制：${link.url}`);
  return link;
}

/** The video's current link (`url: ''` when not shared), for the … menu to offer 取消分享. */
export function useShareLink(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinkKey(taskId),
    // Quiet: without it the menu only leaves out 取消分享; 复制链接 still works and speaks for itself.
    queryFn: () => api('/api/v1/video_task/get_share_link', { id: taskId }, { hideErrorToast: true }),
    enabled,
  });
}

/** copyShareLink, keeping useShareLink's answer up to date. */
export function useCopyShareLink(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (renew: boolean) => copyShareLink(taskId, { renew }),
    onSuccess: (link) => {
      if (link) client.setQueryData(shareLinkKey(taskId), link);
    },
  });
}

/** 取消分享: the page answers 404 from now on. */
export function useRevokeShareLink(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/v1/video_task/revoke_share_link', { id: taskId }),
    onSuccess: () => {
      client.setQueryData(shareLinkKey(taskId), { url: '', createdAt: 0 });
      toast('已取消分享，原链接已失效');
    },
  });
}
