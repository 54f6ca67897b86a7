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
