// Dashboard and reports (issue 12; docs/api.md "Dashboard and reports"): tiles, five reports,
// the chat-log lists behind their numbers and exports, all scoped to the caller's account; the
// widget's post-chat rating; and the agent availability history they read.
import type { FastifyInstance } from 'fastify';
import { type ReportData, reportTables } from '../../core/reports/tables';
import { EXPORT_FORMATS, type ExportFormat, REPORT_NAMES, type ReportName } from '../../core/reports/wire';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { viewerOf } from '../chat/access';
import type { AppContext } from '../context';
import { Invalid, NotFound } from '../http/errors';
import { type AgentSort, agentPerformance } from './agentPerformance';
import { chatLog, chatLogQuery } from './chatLog';
import { chatVolume } from './chatVolume';
import { contactGrowth } from './contacts';
import { CSV_TYPE, exportTables, XLSX_TYPE } from './export';
import { queuePerformance } from './queuePerformance';
import { registerRatingRoute } from './rating';
import { satisfaction } from './satisfaction';
import { type ReportScope, reportScope } from './scope';
import { trackAgentPresence } from './status';
import { dashboardTiles } from './tiles';

function sortOf(query: Record<string, unknown>): AgentSort {
  const sort = query.sort ?? 'name';
  if (sort !== 'name' && sort !== '-name') throw new Invalid('sort', MESSAGES.required);
  return sort;
}

function loadReport(
  ctx: AppContext,
  name: ReportName,
  scope: ReportScope,
  query: Record<string, unknown>,
): Promise<ReportData[ReportName]> {
  switch (name) {
    case 'contact-growth':
      return contactGrowth(ctx, scope);
    case 'agent-performance':
      return agentPerformance(ctx, scope, sortOf(query));
    case 'chat-volume':
      return chatVolume(ctx, scope);
    case 'satisfaction':
      return satisfaction(ctx, scope);
    default:
      return queuePerformance(ctx, scope);
  }
}

const isReportName = (v: unknown): v is ReportName => (REPORT_NAMES as readonly unknown[]).includes(v);

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext) {
  trackAgentPresence(ctx);
  registerRatingRoute(app, ctx);

  app.get('/api/dashboard/tiles', async (request) =>
    dashboardTiles(ctx, await reportScope(ctx, request, 'dashboard')),
  );

  app.get('/api/report/chat-log', async (request) => {
    // A list of live chats, today's included: presets end today as the dashboard's do. The
    // report modals pass the days of their report, so they list what the report counted.
    const scope = await reportScope(ctx, request, 'dashboard');
    const viewer = await viewerOf(ctx, request);
    return chatLog(ctx, scope, chatLogQuery(request.query as Record<string, unknown>), viewer);
  });

  app.get('/api/report/:name', async (request) => {
    const { name } = request.params as { name: string };
    if (!isReportName(name)) throw new NotFound(SERVER_MESSAGES.reportMissing);
    const scope = await reportScope(ctx, request, 'report');
    return loadReport(ctx, name, scope, request.query as Record<string, unknown>);
  });

  app.get('/api/report/:name/export', async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!isReportName(name)) throw new NotFound(SERVER_MESSAGES.reportMissing);
    const query = request.query as Record<string, unknown>;
    const format = (query.format ?? 'xlsx') as ExportFormat;
    if (!EXPORT_FORMATS.includes(format)) throw new Invalid('format', MESSAGES.required);
    const scope = await reportScope(ctx, request, 'report');
    const data = await loadReport(ctx, name, scope, query);
    const file = await exportTables(reportTables(name, data), format, query.lang);
    const fileName = `${name}_${scope.period.start_date}_${scope.period.end_date}.${format}`;
    return reply
      .header('content-type', format === 'csv' ? CSV_TYPE : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', String(file.length))
      .header('cache-control', 'no-store')
      .send(file);
  });
}
