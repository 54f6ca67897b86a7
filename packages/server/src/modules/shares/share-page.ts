import type { AspectRatio } from '@app/contract';
import { APP_NAME, escapeHtml, htmlPage } from '../../lib/html-page.js';

export interface SharePageVideo {
  title: string;
  prompt: string;
  aspectRatio: AspectRatio;
  /** Absolute URLs (chat apps fetch the Open Graph ones from elsewhere). */
  videoUrl: string;
  coverUrl: string;
  pageUrl: string;
}

/** Width and height of the video as rendered for each aspect ratio (og:video:width/height). */
const SIZES: Record<AspectRatio, [number, number]> = { '9:16': [720, 1280], '16:9': [1280, 720], '1:1': [720, 720] };

/** The first sentence or so of the script: what the preview card says under the title. */
function description(prompt: string): string {
  const text = prompt.replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The public page of a shared video: it plays, with its title and the Open Graph tags of a preview. */
export function sharePage(video: SharePageVideo): string {
  const [width, height] = SIZES[video.aspectRatio] ?? SIZES['9:16'];
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const head = [
    meta('og:title', video.title),
    meta('og:type', 'video.other'),
    meta('og:url', video.pageUrl),
    meta('og:site_name', APP_NAME),
    meta('og:description', description(video.prompt)),
    meta('og:video', video.videoUrl),
    meta('og:video:url', video.videoUrl),
    meta('og:video:type', 'video/mp4'),
    meta('og:video:width', String(width)),
    meta('og:video:height', String(height)),
    ...(video.coverUrl ? [meta('og:image', video.coverUrl)] : []),
    `<meta name="description" content="${escapeHtml(description(video.prompt))}">`,
    `<link rel="canonical" href="${escapeHtml(video.pageUrl)}">`,
  ].join('\n');
  const poster = video.coverUrl ? ` poster="${escapeHtml(video.coverUrl)}"` : '';
  const body = `<video src="${escapeHtml(video.videoUrl)}"${poster} controls autoplay muted playsinline preload="metadata" aria-label="${escapeHtml(video.title)}"></video>
<section class="card">
<h1>${escapeHtml(video.title)}</h1>
<p class="muted">${escapeHtml(description(video.prompt))}</p>
<a class="button" href="/">我也要做视频</a>
</section>
<p class="muted center">由 ${APP_NAME} 生成</p>`;
  return htmlPage({ title: `${video.title} - ${APP_NAME}`, head, body });
}
