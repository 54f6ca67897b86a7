import type { Page } from '../lib/schemas.js';
import type { BatchSummary } from '../modules/codes/code-batches.js';
import type { CodeStatus, CodeView } from '../modules/codes/code-admin.js';
import type { AddedTemplate } from '../modules/templates/templates.js';
import type { AdminCommand } from './admin-args.js';
import type { AdminClient } from './admin-client.js';
import { formatTable, formatTime } from './table.js';

/** What a command prints: `stdout` is the result (pipeable), `stderr` a note for the operator. */
export interface Output {
  stdout: string;
  stderr?: string;
}

const STATUS_NAMES: Record<CodeStatus, string> = { unused: '未使用', used: '已使用', disabled: '已停用', expired: '已过期' };

export async function runCommand(command: Exclude<AdminCommand, { name: 'help' }>, client: AdminClient): Promise<Output> {
  switch (command.name) {
    case 'codes create': {
      const { name: _, ...body } = command;
      const { batch, codes } = await client.call<{ batch: BatchSummary; codes: string[] }>('/codes/create', body);
      return { stdout: codes.join('\n'), stderr: `已生成 ${codes.length} 个激活码（批次 ${batch.id}）` };
    }
    case 'codes list':
      return command.batchId === undefined ? listBatches(client) : listCodes(client, command.batchId);
    case 'codes disable': {
      const code = await client.call<CodeView>('/codes/disable', { code: command.code });
      return { stdout: `已停用 ${code.code}` };
    }
    case 'points grant': {
      const { phone, change, reason } = command;
      const grant = await client.call<{ change: number; balance: number }>('/points/grant', { phone, change, reason });
      const signed = grant.change > 0 ? `+${grant.change}` : String(grant.change);
      return { stdout: `${phone} 积分 ${signed}（${reason}），余额 ${grant.balance}` };
    }
    case 'templates add': {
      const { name: _, ...body } = command;
      const template = await client.call<AddedTemplate>('/templates/add', body);
      const pending = template.sampleStatus === 'pending' ? '（样片由服务器渲染，存好后出现在 App 首页）' : '';
      return { stdout: `已添加模板 ${template.id}：${template.title}${pending}` };
    }
  }
}

async function listBatches(client: AdminClient): Promise<Output> {
  const batches = await allPages<BatchSummary>(client, '/codes/batches', {});
  if (batches.length === 0) return { stdout: '还没有激活码批次' };
  const rows = batches.map((b) =>
    [b.id, b.points, b.days, b.count, b.unused, b.used, b.disabled, b.expired].map(String).concat(formatTime(b.endsAt) || '不限', formatTime(b.createdAt), b.note),
  );
  return { stdout: formatTable(['批次', '积分', '天数', '数量', '未使用', '已使用', '已停用', '已过期', '截止', '创建时间', '备注'], rows) };
}

async function listCodes(client: AdminClient, batchId: string): Promise<Output> {
  const codes = await allPages<CodeView>(client, '/codes/list', { batchId });
  const rows = codes.map((c) => [c.code, STATUS_NAMES[c.status], c.redeemedByPhone, formatTime(c.redeemedAt), formatTime(c.disabledAt)]);
  return { stdout: formatTable(['激活码', '状态', '兑换人', '兑换时间', '停用时间'], rows) };
}

/** Every item of a paged admin list, a thousand per request. */
async function allPages<T>(client: AdminClient, route: string, body: Record<string, unknown>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.call<Page<T>>(route, { ...body, page, pageSize: 1000 });
    items.push(...answer.list);
    if (!answer.hasMore) return items;
  }
}
