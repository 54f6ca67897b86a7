// Helpers for the creation path: accounts and templates through the real HTTP API, signing a
// browser in, pictures to upload, and the README's screenshots.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { UserInfo } from '@app/contract';
import { postApi } from './api';
import { ARTIFACTS, baseUrl } from './browser';
import { ROOT } from './server';

async function call<T>(baseUrl: string, url: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const { status, answer } = await postApi<T>(baseUrl, url, body, headers);
  if (status < 200 || status >= 300 || answer.rspCode !== 0) throw new Error(`${url}: HTTP ${status} ${answer.rspMsg ?? answer.msg}`);
  return answer.data;
}

export function accountInfo(baseUrl: string, token: string): Promise<UserInfo> {
  return call<UserInfo>(baseUrl, '/api/v1/account/getAccountInfo', { token });
}

export interface TemplateInput {
  title: string;
  category?: string;
  style?: string;
  duration?: number;
  aspectRatio?: '9:16' | '16:9' | '1:1';
  sort?: number;
  description?: string;
}

/** Adds a template through the admin API with the token the server keeps in its data directory; the server renders its sample. */
export function addTemplate(baseUrl: string, dataDir: string, template: TemplateInput): Promise<{ id: string; title: string }> {
  const token = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
  const body = { category: '旅行', style: '清新', duration: 5, aspectRatio: '9:16', ...template };
  return call(baseUrl, '/admin/api/templates/add', body, { authorization: `Bearer ${token}` });
}

export interface ListedTemplate {
  id: string;
  title: string;
  duration: number;
  aspectRatio: string;
  coverUrl: string;
}

export async function listTemplates(baseUrl: string): Promise<{ list: ListedTemplate[]; total: number; pending: number }> {
  return call(baseUrl, '/api/v1/sysVideo/list', { page: 1, pageSize: 50 });
}

/**
 * The gallery once it has settled: a fresh server lists its built-in templates one by one as the
 * workers render their samples. Waits until there is at least one and none is still rendering
 * (the list's `pending`), or none came for `settleMs` (a sample that never renders), or
 * `timeoutMs` passed; an empty list after that is the caller's to handle.
 */
export async function settledGallery(baseUrl: string, { settleMs = 10000, timeoutMs = 180000 } = {}): Promise<ListedTemplate[]> {
  const deadline = Date.now() + timeoutMs;
  let last = await listTemplates(baseUrl);
  let since = Date.now();
  while (Date.now() < deadline && (last.total === 0 || (last.pending > 0 && Date.now() - since < settleMs))) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await listTemplates(baseUrl);
    if (now.total !== last.total) since = Date.now();
    last = now;
  }
  return last.list;
}

/**
 * For a test file that needs the server's built-in templates: before its tests, waits until their
 * samples are rendered (the gallery and a template's 视频详情 have something to show, and the
 * workers are free for the videos the file makes). Returns the first template, the one the
 * gallery shows first.
 */
export function useSettledGallery(): () => ListedTemplate {
  let first: ListedTemplate | undefined;
  beforeAll(async () => {
    const gallery = await settledGallery(baseUrl());
    expect(gallery.length).toBeGreaterThan(0);
    first = gallery[0]!;
  }, 200000);
  return () => {
    if (!first) throw new Error('the gallery has not settled (beforeAll failed)');
    return first;
  };
}

/** A real PNG (a gradient with a sun) drawn by the page's own canvas: something to upload. */
export async function drawPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(`(() => {
    const c = document.createElement('canvas');
    c.width = 720; c.height = 1280;
    const g = c.getContext('2d');
    const sky = g.createLinearGradient(0, 0, 0, 1280);
    sky.addColorStop(0, '#0067ed'); sky.addColorStop(1, '#ffb56b');
    g.fillStyle = sky; g.fillRect(0, 0, 720, 1280);
    g.fillStyle = '#fff3c4'; g.beginPath(); g.arc(360, 760, 150, 0, Math.PI * 2); g.fill();
    g.fillStyle = '#00275a'; g.fillRect(0, 980, 720, 300);
    return c.toDataURL('image/png');
  })()`);
  return Buffer.from((dataUrl as string).split(',')[1]!, 'base64');
}

/** The page on top of the shell's stack. */
export function shownPage(page: Page): Locator {
  return page.locator('.app-page[aria-hidden="false"]');
}

/** A long press as a finger makes it: down, 500 ms still, up. */
export async function longPress(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(500);
  await page.mouse.up();
}

export const README_SCREENSHOTS = path.join(ROOT, 'docs/screenshots');

/**
 * A screenshot in artifacts/ (at the phone's CSS size); with UPDATE_SCREENSHOTS=1 also the
 * README's copy in docs/screenshots/.
 */
export async function readmeScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `readme-${name}.png`);
  // CSS pixels (375 wide), not the device's: small enough to keep in the repository.
  await page.screenshot({ path: file, scale: 'css' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(README_SCREENSHOTS, { recursive: true });
    copyFileSync(file, path.join(README_SCREENSHOTS, `${name}.png`));
  }
}
