import type { FastifyPluginAsync } from 'fastify';
import { accountClosingInfo, cancelDelete, deleteAccount, exportData, exportFile, exportStatus } from '@app/contract';
import { ok } from '../../../../lib/envelope.js';
import { serve } from '../../../../lib/contract-route.js';
import { cancelClosing, closingSummary, requestClosing } from '../../../../modules/account-closing/request-closing.js';
import { checkExportLink } from '../../../../modules/exports/export-link.js';
import { downloadableExport, exportStatus as statusOfExport, requestExport } from '../../../../modules/exports/export-requests.js';

const LINK_GONE = '下载链接无效或已过期';

/** docs/api.md, 注销账号 and 导出我的数据: delete_info, delete, cancel_delete, export, export_status, export_file. */
export const accountClosingRoutes: FastifyPluginAsync = async (app) => {
  const settings = { smsEnabled: app.config.sms !== undefined, days: app.config.accountDeleteDays };
  const { exportSecret } = app.accountJobs;

  serve(app, accountClosingInfo, async (request) => ok(await closingSummary(app.db, request.user, settings)));

  serve(app, deleteAccount, async (request) => {
    const { code, password } = request.body;
    const closingAt = await requestClosing(app.db, request.user, { code, password }, settings);
    request.log.info({ userId: request.user.id, closingAt }, 'account closing requested');
    return ok({ closingAt: closingAt.getTime() });
  });

  serve(app, cancelDelete, async (request) => {
    await cancelClosing(app.db, request.user.id);
    return ok({});
  });

  serve(app, exportData, async (request) => {
    const view = await requestExport(app.db, exportSecret, request.user.id);
    app.accountJobs.wakeExportRunner();
    return ok(view);
  });

  serve(app, exportStatus, async (request) => ok(await statusOfExport(app.db, exportSecret, request.user.id)));

  serve(app, exportFile, async (request, reply) => {
    const id = checkExportLink(exportSecret, request.query);
    const file = id === null ? null : await downloadableExport(app.db, id);
    const stream = file ? await app.storage.openRead(file.key) : null;
    if (!file || !stream) return reply.code(404).send({ msg: LINK_GONE });
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="export.zip"; filename*=UTF-8''${encodeURIComponent('我的数据.zip')}`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
};
