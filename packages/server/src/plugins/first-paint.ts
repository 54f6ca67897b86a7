import { createHash } from 'node:crypto';
import { coverSizes, coverSrcSet, FIRST_COVERS, type SysVideo } from '@app/contract';
import { escapeHtml } from '../lib/html-page.js';

/**
 * 首页's first screen drawn by the server into the page for `/` (docs/architecture.md "Front end",
 * "The first paint"): the header card, 极速生成视频, the gallery's tabs and first row — with the
 * first covers, which the page preloads — in plain HTML and CSS, so the page shows what the user
 * came for while the app's scripts load instead of after. It is a picture of the page, not the
 * page: `aria-hidden`, `inert`, and taps pass through it to the app beneath; the shell removes it
 * once its own first page is on screen (shell/src/app/first-paint.ts).
 *
 * Its rules mirror remote-create's home page (remote-create/src/styles.css) and the shell's frame
 * (shell/src/styles.css) in its own `fp-` names — nothing of the app's selects it, nor it the
 * app's — and a browser test (packages/e2e/tests/first-paint.test.ts) holds the two to the same
 * boxes and words.
 */

/** The element the shell removes. */
export const FIRST_PAINT_ID = 'first-paint';

/** The type the page for `/` gives the shell's start script when it carries the picture (see FIRST_PAINT_SCRIPT). */
export const AFTER_PAINT_TYPE = 'text/x-after-paint';

/** The `<template>` holding the first route's script preloads on a page with the picture (plugins/first-route.ts), inserted by FIRST_PAINT_SCRIPT. */
export const AFTER_PAINT_PRELOADS_ID = 'after-paint-preloads';

/**
 * The page's one inline script, allowed by its hash in the Content Security Policy
 * (FIRST_PAINT_SCRIPT_SOURCE):
 * - It shows the picture only when the page starts on 首页 (an empty hash, `#/`, `#/pages/index/index`,
 *   with or without a query); the address's hash never reaches the server.
 * - It starts the shell's script, which the server gave a type no browser runs (AFTER_PAINT_TYPE,
 *   afterPaint), and the preloads of the scripts and manifest that script goes on to load, which
 *   the server put in an inert template (AFTER_PAINT_PRELOADS_ID).
 * - On a start at 首页 it waits until the picture's covers have loaded (or failed) and the browser
 *   reports a cover as the page's largest contentful paint (reported once the frame that shows it
 *   is on screen), 500 ms at most: the page paints before the app's scripts take the network and
 *   the main thread, on a slow phone as on a fast one — and Lighthouse's simulation, which counts
 *   a script that arrived or ran before a paint as needed for it, sees that. A browser without
 *   that report (Safari, Firefox) or a hidden tab (which is not given one) waits for the covers
 *   and one frame instead; a hidden tab draws no frame: 100 ms stands in for one.
 * - Elsewhere it starts the script as soon as the page is parsed, as `defer` would.
 */
export const FIRST_PAINT_SCRIPT =
  "(function(){var d=document,fp=/^(#\\/?(pages\\/index\\/index)?(\\?.*)?)?$/.test(location.hash),started=0,loaded=0,painted=0," +
  "ob,lcp=fp&&d.visibilityState!='hidden'&&typeof PerformanceObserver=='function'&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0;" +
  "if(fp)d.documentElement.classList.add('fp-on');" +
  `function start(){if(started++)return;if(ob)ob.disconnect();[].forEach.call(d.querySelectorAll('script[type="${AFTER_PAINT_TYPE}"]'),function(o){var s=d.createElement('script');s.src=o.src;s.async=false;d.head.appendChild(s)});var t=d.getElementById('${AFTER_PAINT_PRELOADS_ID}');if(t&&t.content)d.head.appendChild(t.content)}` +
  'function afterFrame(){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,100)}' +
  'function covers(){loaded=1;if(!lcp)afterFrame();else if(painted)start()}' +
  `if(lcp)try{(ob=new PerformanceObserver(function(list){list.getEntries().forEach(function(e){var el=e.element;if(el&&el.tagName=='IMG'&&el.closest('#${FIRST_PAINT_ID}'))painted=1});if(painted&&loaded)start()})).observe({type:'largest-contentful-paint',buffered:true})}catch(e){lcp=0}` +
  "d.addEventListener('DOMContentLoaded',function(){if(!fp)return start();" +
  `var left=[].filter.call(d.querySelectorAll('#${FIRST_PAINT_ID} img'),function(i){return!i.complete}),n=left.length;setTimeout(afterFrame,500);if(!n)return covers();` +
  "left.forEach(function(i){function one(){if(--n===0)covers()}i.addEventListener('load',one);i.addEventListener('error',one)})})})()";

/**
 * The page with the shell's start script (HtmlWebpackPlugin's `<script defer src=…>`) given
 * AFTER_PAINT_TYPE, for FIRST_PAINT_SCRIPT to start, and the scripts' addresses to preload (the
 * browser no longer finds them itself).
 */
export function afterPaint(html: string): { html: string; scripts: string[] } {
  const scripts: string[] = [];
  const rewritten = html.replace(/<script\b([^>]*)><\/script>/gi, (tag: string, attributes: string) => {
    if (!/(^|\s)defer(\s|=|$)/i.test(attributes)) return tag;
    const src = /(?:^|\s)src=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
    if (!src) return tag;
    const href = (src[1] ?? src[2] ?? src[3] ?? '').replace(/&amp;/g, '&');
    scripts.push(href);
    return `<script type="${AFTER_PAINT_TYPE}" src="${escapeHtml(href)}"></script>`;
  });
  return { html: rewritten, scripts };
}

/** The CSP source that lets the page run FIRST_PAINT_SCRIPT and nothing else inline. */
export const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

/** The gallery's first row, as the app draws it (two columns). */
const FIRST_ROW = 2;

const STYLE = `
#first-paint{display:none}
html.fp-on{font-size:calc(min(100vw,960px)*16/375)}
.fp-on #first-paint{display:block;position:fixed;inset:0;z-index:2147483000;overflow:hidden;pointer-events:none;background:#e8f0f8;
font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC','WenQuanYi Micro Hei','Helvetica Neue',Arial,sans-serif;
font-size:.875rem;color:#1a2233;-webkit-text-size-adjust:100%}
.fp-frame{position:relative;max-width:960px;height:100%;margin:0 auto;overflow:hidden}
.fp-home{padding:calc(env(safe-area-inset-top,0px) + 1rem) 1rem 1.5rem}
.fp-header{padding:1.25rem 1.125rem;border-radius:1rem;color:#fff;background:linear-gradient(135deg,#0067ed 0%,#00275a 100%);box-shadow:0 .5rem 1.25rem rgba(0,103,237,.25)}
.fp-title{margin:0;font-size:1.375rem;font-weight:700;letter-spacing:.02em;line-height:normal}
.fp-subtitle{margin:.375rem 0 0;font-size:.8125rem;opacity:.85}
.fp-user{margin-top:.875rem;height:2.125rem}
.fp-quick{display:flex;align-items:center;gap:.875rem;margin-top:1rem;padding:1rem;border-radius:1rem;background:#fff;color:#00275a;box-shadow:0 .25rem .75rem rgba(0,39,90,.06)}
.fp-quick-icon{display:grid;place-items:center;flex:none;width:3rem;height:3rem;border-radius:.875rem;color:#fff;background:linear-gradient(135deg,#2f8bff,#0067ed)}
.fp-quick-icon svg{width:1.75rem;height:1.75rem}
.fp-quick-text{display:flex;flex:1;flex-direction:column;gap:.25rem}
.fp-quick-text b{font-size:1.0625rem}
.fp-quick-text small{font-size:.75rem;color:#5b6b82}
.fp-quick-arrow{font-size:1.5rem;color:#798ba6}
.fp-section{margin-top:1.25rem;padding:1rem;border-radius:1rem;background:#fff}
.fp-section-title{margin:0 0 .5rem;font-size:1rem;font-weight:700;color:#00275a}
.fp-tabs{display:flex;gap:.5rem;margin:0 -.75rem .75rem;padding:0 .75rem;overflow:hidden}
.fp-tab{display:flex;align-items:center;flex:none;min-height:2.75rem;padding:0 1rem;border-radius:1.375rem;color:#5b6b82}
.fp-tab:first-child{background:#0067ed;color:#fff}
.fp-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.75rem}
.fp-card{display:flex;flex-direction:column;min-width:0;color:#00275a}
.fp-media{position:relative;display:block;overflow:hidden;aspect-ratio:3/4;border-radius:.75rem;background:#dbe6f3}
.fp-media img{display:block;width:100%;height:100%;object-fit:cover}
.fp-duration{position:absolute;right:.375rem;bottom:.375rem;padding:.0625rem .375rem;border-radius:.5rem;font-size:.6875rem;color:#fff;background:rgba(0,0,0,.55)}
.fp-card-title{margin-top:.5rem;overflow:hidden;font-size:.875rem;font-weight:600;white-space:nowrap;text-overflow:ellipsis}
.fp-card-meta{margin-top:.125rem;font-size:.75rem;color:#5b6b82}
.fp-same{display:flex;align-items:center;justify-content:center;box-sizing:border-box;min-height:2.75rem;margin-top:.375rem;border:1px solid #0067ed;border-radius:1.375rem;font-size:.8125rem;color:#0067ed}
.fp-tabbar{position:absolute;left:0;right:0;bottom:0;height:calc(50px + env(safe-area-inset-bottom,0px));background:#fff;box-shadow:0 -1px 0 rgba(0,39,90,.08)}
`.replace(/\n/g, '');

/** `m:ss`, as the gallery writes a template's length. */
const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface FirstPage {
  list: Partial<SysVideo>[];
  categories: string[];
}

/** The first page of templates the page for `/` carries, when it reads as one. */
function firstPage(data: unknown): FirstPage | undefined {
  const templates = (data as { templates?: { list?: unknown; categories?: unknown } } | undefined)?.templates;
  if (!templates || !Array.isArray(templates.list) || templates.list.length === 0) return undefined;
  const categories = Array.isArray(templates.categories) ? templates.categories.filter((c): c is string => typeof c === 'string') : [];
  return { list: templates.list as Partial<SysVideo>[], categories };
}

function cover(template: Partial<SysVideo>, index: number): string {
  if (index >= FIRST_COVERS) return '';
  const common = 'alt="" fetchpriority="high" decoding="async"';
  if (template.coverThumbUrl && template.aspectRatio) {
    const sizes = escapeHtml(coverSizes('card', template.aspectRatio));
    return `<picture><source type="image/webp" srcset="${escapeHtml(coverSrcSet(template.coverThumbUrl, 'webp'))}" sizes="${sizes}"><img src="${escapeHtml(`${template.coverThumbUrl}/320.jpg`)}" srcset="${escapeHtml(coverSrcSet(template.coverThumbUrl, 'jpg'))}" sizes="${sizes}" ${common}></picture>`;
  }
  return template.coverUrl ? `<img src="${escapeHtml(template.coverUrl)}" ${common}>` : '';
}

function card(template: Partial<SysVideo>, index: number): string {
  const title = escapeHtml(String(template.title ?? ''));
  const meta = template.style ? `<span class="fp-card-meta">${escapeHtml(template.style)}</span>` : '';
  const length = typeof template.duration === 'number' ? `<span class="fp-duration">${duration(template.duration)}</span>` : '';
  return `<div class="fp-card"><span class="fp-media">${cover(template, index)}${length}</span><span class="fp-card-title">${title}</span>${meta}<span class="fp-same">做同款</span></div>`;
}

/**
 * What the page for `/` carries for the first paint: `head` (its style and its script) and `body`
 * (the picture), or nothing when there are no templates to show (the app's own 模板准备中 and
 * empty states are not drawn twice).
 */
export function firstPaint(data: unknown): { head: string; body: string } | undefined {
  const page = firstPage(data);
  if (!page) return undefined;
  const tabs = page.categories.length < 2 ? '' : `<div class="fp-tabs">${['全部', ...page.categories].map((c) => `<span class="fp-tab">${escapeHtml(c)}</span>`).join('')}</div>`;
  const body =
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true" inert><div class="fp-frame"><div class="fp-home">` +
    '<div class="fp-header"><p class="fp-title">AI视频生成工具</p><p class="fp-subtitle">一段文字、几张图片，生成你的短视频</p><div class="fp-user"></div></div>' +
    '<div class="fp-quick"><span class="fp-quick-icon"><svg viewBox="0 0 24 24"><path d="M13 2 4.5 13.5H11L10 22l8.5-11.5H12z" fill="currentColor"/></svg></span>' +
    '<span class="fp-quick-text"><b>极速生成视频</b><small>填写标题和文案，上传图片即可开始</small></span><span class="fp-quick-arrow">›</span></div>' +
    `<div class="fp-section"><p class="fp-section-title">模板</p>${tabs}<div class="fp-grid">${page.list.slice(0, FIRST_ROW * 2).map(card).join('')}</div></div>` +
    '</div><div class="fp-tabbar"></div></div></div>';
  return { head: `<style>${STYLE}</style><script>${FIRST_PAINT_SCRIPT}</script>`, body };
}
