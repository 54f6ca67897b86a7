import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LEGAL_DOCUMENTS, legalPage as legalCall, sharePage as shareCall, type LegalDocument } from '@app/contract';
import { serve } from '../../lib/contract-route.js';
import { notFoundPage } from '../../lib/html-page.js';
import { legalPage } from '../../modules/legal/legal-pages.js';
import { sharedVideo } from '../../modules/shares/share-links.js';
import { sharePage } from '../../modules/shares/share-page.js';

/** The origin the client reached this server at (behind TRUST_PROXY, the proxy's X-Forwarded-Proto and Host). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function absolute(url: string, origin: string): string {
  return new URL(url, `${origin}/`).href;
}

function originOfUrl(url: string): string {
  return new URL(url).origin;
}

/**
 * A page of its own, not the app's: only its video and cover may load (from wherever the store
 * keeps them), its one inline style block, no script at all.
 */
function pageSecurityPolicy(media: string[], images: string[]): string {
  const list = (origins: string[]) => [...new Set(["'self'", ...origins])].join(' ');
  return [
    "default-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "style-src 'unsafe-inline'",
    `img-src ${list(images)}`,
    `media-src ${list(media)}`,
  ].join('; ');
}

function sendHtml(reply: FastifyReply, status: number, html: string, csp: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', csp).send(html);
}

/** The server's own pages: a shared video (/s/<token>) and the agreements (/legal/<name>). */
export const pageRoutes: FastifyPluginAsync = async (app) => {
  serve(app, shareCall, async (request, reply) => {
    const video = await sharedVideo(app.db, request.params.token);
    if (!video) {
      return sendHtml(reply, 404, notFoundPage('链接已失效', '这个分享链接不存在，或者视频的主人已取消分享、删除了视频。'), pageSecurityPolicy([], []));
    }
    const origin = originOf(request);
    const videoUrl = absolute(app.storage.fileUrl(video.videoKey), origin);
    const coverUrl = video.coverKey ? absolute(app.storage.fileUrl(video.coverKey), origin) : '';
    const html = sharePage({
      title: video.title,
      prompt: video.prompt,
      aspectRatio: video.aspectRatio,
      videoUrl,
      coverUrl,
      pageUrl: `${origin}/s/${request.params.token}`,
    });
    return sendHtml(reply, 200, html, pageSecurityPolicy([originOfUrl(videoUrl)], coverUrl ? [originOfUrl(coverUrl)] : []));
  });

  serve(app, legalCall, async (request, reply) => {
    const name = request.params.name;
    if (!(LEGAL_DOCUMENTS as readonly string[]).includes(name)) {
      return sendHtml(reply, 404, notFoundPage('页面不存在', '没有这个文档。'), pageSecurityPolicy([], []));
    }
    const page = await legalPage(app.config, name as LegalDocument);
    if ('redirect' in page) return reply.redirect(page.redirect, 302);
    return sendHtml(reply, 200, page.html, pageSecurityPolicy([], []));
  });
};
