// The report calls (docs/api.md "Dashboard and reports") and file exports with progress.
import type { ChatLogCategory } from '../../core/models/report';
import type { ReportData } from '../../core/reports/tables';
import type {
  ChatLogFilter,
  ChatLogPage,
  DashboardTiles,
  ExportFormat,
  ReportName,
} from '../../core/reports/wire';
import { api, downloadName, saveFile, sessionFetch } from '../session/api';

export function loadReport<N extends ReportName>(
  name: N,
  query: Record<string, string>,
): Promise<ReportData[N]> {
  return api<ReportData[N]>(`/api/report/${name}`, { query });
}

export function loadTiles(query: Record<string, string>): Promise<DashboardTiles> {
  return api<DashboardTiles>('/api/dashboard/tiles', { query });
}

export function loadChatLog(
  category: ChatLogCategory,
  filter: ChatLogFilter,
  period: Record<string, string>,
  skip: number,
  limit: number,
): Promise<ChatLogPage> {
  const query: Record<string, string> = { ...period, category, skip: String(skip), limit: String(limit) };
  for (const [k, v] of Object.entries(filter)) if (v !== undefined) query[k] = String(v);
  return api<ChatLogPage>('/api/report/chat-log', { query });
}

export interface LogFilterOptions {
  agents: { _id: string; display_name: string }[];
  queues: { _id: string; name: string }[];
}

/** The agents and queues the chat log can be narrowed to (the inbox's assign lists). */
export async function loadLogFilterOptions(): Promise<LogFilterOptions> {
  const [agents, queues] = await Promise.all([
    api<{ list: LogFilterOptions['agents'] }>('/api/chat/assign/list'),
    api<{ list: LogFilterOptions['queues'] }>('/api/chat/assign/grouplist'),
  ]);
  return { agents: agents.list, queues: queues.list };
}

/**
 * Downloads a report as a file. `onProgress` gets the share received (0–1), or null while the
 * server is still building the file.
 */
export async function downloadExport(
  name: ReportName,
  format: ExportFormat,
  query: Record<string, string>,
  lang: string,
  onProgress: (share: number | null) => void,
): Promise<void> {
  const params = new URLSearchParams({ ...query, format, lang });
  onProgress(null);
  const res = await sessionFetch(`/api/report/${name}/export?${params}`);
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onProgress(total > 0 ? Math.min(1, received / total) : null);
  }
  const blob = new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? '' });
  saveFile(blob, downloadName(res, `${name}.${format}`));
}
