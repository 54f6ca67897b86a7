import { downloadFile, showToast, toast } from '@app/shared';
import { fileHref } from './file-url';
import { videoFileName } from './format';

/**
 * 下载: fetches the MP4 and hands it to the browser as a file named after the video (a plain link
 * would be saved under the storage key, or played in the tab instead).
 */
export async function saveVideo(video: { videoUrl: string; title: string; id: string }): Promise<boolean> {
  showToast({ title: '下载中…', icon: 'loading', duration: 0 });
  try {
    const { statusCode, blob } = await downloadFile({
      url: fileHref(video.videoUrl),
      onProgress: (percent) => showToast({ title: `下载中 ${percent}%`, icon: 'loading', duration: 0 }),
    });
    if (statusCode < 200 || statusCode >= 300) {
      toast('视频下载失败，请稍后重试');
      return false;
    }
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = videoFileName(video.title, video.id);
    document.body.appendChild(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click ran; the blob URL may go a moment later.
    setTimeout(() => URL.revokeObjectURL(href), 10000);
    toast('视频已保存');
    return true;
  } catch {
    toast('视频下载失败，请检查网络后重试');
    return false;
  }
}

/**
 * 复制链接 of a video, wherever it is offered (视频详情, the menu of 我的创作): its address today;
 * the one place to change when videos get share links of their own.
 */
export function copyVideoLink(video: { videoUrl: string }): Promise<void> {
  return copyLink(video.videoUrl);
}

/** 复制链接: the video's full address on the clipboard, also where the Clipboard API is missing (plain http). */
export async function copyLink(url: string): Promise<void> {
  const absolute = new URL(fileHref(url), window.location.href).href;
  try {
    await navigator.clipboard.writeText(absolute);
  } catch {
    const area = document.createElement('textarea');
    area.value = absolute;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) {
      toast('复制失败，请长按视频地址手动复制');
      return;
    }
  }
  toast('链接已复制');
}
