import { createHash } from 'node:crypto';
import { FIRST_COVERS, type SysVideo } from '@app/contract';
import { AFTER_PAINT_PRELOADS_ID, AFTER_PAINT_TYPE, FIRST_PAINT_SCRIPT, FIRST_PAINT_SCRIPT_SOURCE, firstPaint } from '../../src/plugins/first-paint.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs, writeFiles } from '../helpers/temp-dirs.js';
import { addTemplate } from '../../src/modules/templates/templates.js';

// The server's picture of 首页's first screen in the page for `/` (plugins/first-paint.ts).

const template = (id: number, extra: Partial<SysVideo> = {}): Partial<SysVideo> => ({
  id: String(id),
  title: `模板${id}`,
  style: '清新',
  duration: 75,
  aspectRatio: '9:16',
  coverUrl: `/files/templates/${id}/c.jpg`,
  coverThumbUrl: `/thumbs/templates/${id}/c.jpg`,
  ...extra,
});
const data = (list: Partial<SysVideo>[], categories: string[] = []) => ({ templates: { list, categories, page: 1 } });

/** Whether the page's script shows the picture at this address's hash. */
function shownAt(hash: string): boolean {
  const classes = new Set<string>();
  new Function('location', 'document', FIRST_PAINT_SCRIPT)({ hash }, { documentElement: { classList: { add: (c: string) => classes.add(c) } }, addEventListener: () => undefined });
  return classes.has('fp-on');
}

describe('the first paint', () => {
  afterAll(removeTempDirs);

  it('is shown only on a start at 首页', () => {
    for (const hash of ['', '#', '#/', '#/?from=share', '#/pages/index/index', '#/pages/index/index?x=1']) expect([hash, shownAt(hash)]).toEqual([hash, true]);
    for (const hash of ['#/pages/my/myIndex', '#/pagesA/detail/videoDetail?sysId=1', '#/pages/index/indexx', '#/pagesA/login/index']) expect([hash, shownAt(hash)]).toEqual([hash, false]);
  });

  it('is allowed by the policy by its hash, and nothing else inline is', () => {
    expect(FIRST_PAINT_SCRIPT_SOURCE).toBe(`'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`);
  });

  it('draws the first row with its covers, then two more cards without, with the words escaped', () => {
    const paint = firstPaint(data([template(1, { title: '<b>夜景</b>&"' }), template(2, { style: '' }), template(3), template(4), template(5)], ['旅行', '美食']))!;
    const cards = paint.body.match(/class="fp-card"/g) ?? [];
    expect(cards).toHaveLength(4);
    expect(paint.body).toContain('&lt;b&gt;夜景&lt;/b&gt;&amp;&quot;');
    expect(paint.body).not.toContain('<b>夜景');
    // Covers for the FIRST_COVERS the page preloads, each as the gallery offers it (WebP, JPEG beside).
    expect(paint.body.match(/<img /g)).toHaveLength(FIRST_COVERS);
    expect(paint.body).toContain('srcset="/thumbs/templates/1/c.jpg/160.webp 160w');
    expect(paint.body).toContain('src="/thumbs/templates/2/c.jpg/320.jpg"');
    expect(paint.body).not.toContain('/thumbs/templates/3/');
    expect(paint.body).toContain('<span class="fp-duration">1:15</span>');
    expect(paint.body.match(/fp-card-meta/g)).toHaveLength(3);
    expect(paint.body).toContain('<span class="fp-tab">全部</span><span class="fp-tab">旅行</span><span class="fp-tab">美食</span>');
    expect(paint.body).toMatch(/^<div id="first-paint" aria-hidden="true" inert>/);
  });

  it('draws no tabs for one category, and nothing at all without templates', () => {
    expect(firstPaint(data([template(1)], ['旅行']))!.body).not.toContain('fp-tab"');
    expect(firstPaint(data([]))).toBeUndefined();
    expect(firstPaint(undefined)).toBeUndefined();
    expect(firstPaint({ templates: { list: 'x' } })).toBeUndefined();
  });

  it('is in the page for / the server sends, whose policy lets its script run', async () => {
    const webRoot = makeTempDir();
    writeFiles(webRoot, { 'shell/dist/index.html': '<!doctype html><html><head><title>shell</title><script defer src=main.js></script></head><body><div id="root"></div></body></html>' });
    const { app } = await buildTestApp({ WEB_ROOT: webRoot });
    try {
      // Without templates, no picture: the shell's script is the page's own, run as `defer` runs it.
      const plain = await app.inject({ method: 'GET', url: '/' });
      expect(plain.body).toContain('<script defer src=main.js></script>');
      expect(plain.body).not.toContain('first-paint');
      // There the scripts are what the first paint waits for: preloaded at once.
      expect(plain.body).toMatch(/<link rel="preload" as="script" href=/);
      expect(plain.body).not.toContain('<template');
      await addTemplate(app.db, app.config, { title: '夜景', description: '', category: '', style: '', coverUrl: '/files/t/1.jpg', videoUrl: '/files/t/1.mp4', duration: 15, aspectRatio: '9:16', sort: 0, params: {} });
      const page = await app.inject({ method: 'GET', url: '/' });
      const inline = [...page.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
      expect(inline).toEqual([FIRST_PAINT_SCRIPT]);
      expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${FIRST_PAINT_SCRIPT_SOURCE}`);
      // First in the body, before the app's root; its style and script in the head.
      expect(page.body).toMatch(/<body><div id="first-paint"[^]*<\/div><div id="root">/);
      expect(page.body.indexOf('<script>')).toBeLessThan(page.body.indexOf('</head>'));
      // The shell's script is started by the inline script once the picture is painted, and preloaded meanwhile.
      expect(page.body).not.toContain('<script defer');
      expect(page.body).toContain(`<script type="${AFTER_PAINT_TYPE}" src="main.js"></script>`);
      // It is preloaded behind the covers; the preloads of the scripts it loads next wait with it,
      // inert in a template.
      expect(page.body).toContain('<link rel="preload" as="script" fetchpriority="low" href="main.js">');
      const template = new RegExp(`<template id="${AFTER_PAINT_PRELOADS_ID}">((?:<link [^>]*>)*)</template>`).exec(page.body);
      expect(template?.[1]).toMatch(/^(<link rel="preload" as="script" href="[^"]+">)*<link rel="preload" as="fetch" crossorigin href="[^"]+">$/);
      expect(page.body.replace(template![0], '')).not.toMatch(/<link rel="preload" as="(script|fetch)" (?!fetchpriority="low" href="main.js")/);
      expect(page.body).toContain('<link rel="preload" as="image" fetchpriority="high"');
    } finally {
      await app.close();
    }
  });
});
