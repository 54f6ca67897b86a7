/**
 * The server's own small pages (the share page /s/<token>, the agreements /legal/*, their 404s):
 * Chinese, phone-sized, in the app's colours, without a script. Every value is escaped here.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export const APP_NAME = 'AI视频生成工具';

const STYLE = `
:root{--primary:#0067ed;--bg:#e8f0f8;--text:#1a2233;--muted:#5b6577;color-scheme:light}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--text);-webkit-text-size-adjust:100%}
body{font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC',sans-serif;font-size:16px;line-height:1.6}
main{max-width:560px;margin:0 auto;padding:16px 16px 32px}
.card{background:#fff;border-radius:12px;padding:16px;margin-top:12px}
h1{font-size:20px;line-height:1.4;margin:0 0 4px}
h2{font-size:17px;margin:20px 0 6px}
p,li{margin:6px 0}
.muted{color:var(--muted);font-size:14px}
video{display:block;width:100%;max-height:78vh;background:#000;border-radius:12px}
a.button{display:block;min-height:44px;margin-top:16px;padding:10px 16px;border-radius:22px;background:var(--primary);color:#fff;text-align:center;text-decoration:none;font-size:16px}
a{color:var(--primary)}
.center{text-align:center}
`;

/** A whole page: `head` adds tags (already escaped), `body` is the content (already escaped). */
export function htmlPage(page: { title: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0067ed">
<title>${escapeHtml(page.title)}</title>
${page.head ?? ''}
<style>${STYLE}</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`;
}

/** The 404 page of a link that leads nowhere (any more). */
export function notFoundPage(title: string, text: string): string {
  return htmlPage({
    title: `${title} - ${APP_NAME}`,
    body: `<section class="card"><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p><a class="button" href="/">打开${APP_NAME}</a></section>`,
  });
}
