// A broadcast's report (spec 3 "Broadcast report columns by type"): per message, the columns its
// type has — text: link url, click, click rate, user of click; bubble: button, action, click,
// click rate, user of click; carousel and location: card plus the button columns; video:
// duration, number of view, view rate, user view — and clicks and views over time. The console
// shows these tables and the server exports the very same ones.
import type { CellKind, ReportColumn, ReportTable } from '../reports/tables';

/** Where a tracked link sat in a message. */
export type LinkPlace = 'text' | 'button' | 'image' | 'area' | 'box';

export interface LinkStat {
  /** `m{message}.…`: the link's place in the broadcast, as recorded when it was sent. */
  part: string;
  /** 0-based card of a carousel, null outside one. */
  card: number | null;
  place: LinkPlace;
  /** The button's label, or the address itself for a link in text. */
  label: string;
  url: string;
  click: number;
  /** Different people who clicked (the contact when known, else one browser). */
  users: number;
}

export interface VideoStat {
  /** Seconds, when the file tells. */
  duration: number | null;
  view: number;
  users: number;
}

export interface MessageReport {
  index: number;
  type: string;
  links: LinkStat[];
  /** Different people who clicked any link of the message. */
  users: number;
  video: VideoStat | null;
}

export interface BroadcastReport {
  broadcast: {
    _id: string;
    name: string;
    status: string;
    broadcast_time: string | null;
    started_at: string | null;
    finished_at: string | null;
  };
  total: number;
  delivered: number;
  failed: number;
  messages: MessageReport[];
  totals: { click: number; users: number; view: number; view_users: number };
  timeline: { unit: 'hour' | 'day'; buckets: string[]; clicks: number[]; views: number[] };
}

/** A share of the delivered, in percent with two decimals (0 when nothing was delivered). */
export function rate(part: number, delivered: number): number {
  if (!(delivered > 0)) return 0;
  return Math.round((part / delivered) * 10_000) / 100;
}

const col = (key: string, kind: CellKind): ReportColumn => ({
  key,
  label: `broadcast.report.columns.${key}`,
  kind,
});

const CLICKS = [col('click', 'count'), col('click_rate', 'percent'), col('user_click', 'count')];

/** The column set of a message type. */
export function columnsFor(type: string, hasCards: boolean): ReportColumn[] {
  if (type === 'video' || type === 'rich_video')
    return [
      col('duration', 'duration'),
      col('view', 'count'),
      col('view_rate', 'percent'),
      col('user_view', 'count'),
    ];
  if (type === 'text') return [col('link_url', 'text'), ...CLICKS];
  if (type === 'carousel' || type === 'location' || hasCards)
    return [col('card', 'text'), col('button', 'text'), col('action', 'text'), ...CLICKS];
  if (type === 'template_message' || type === 'bubble' || type === 'button' || type === 'imageMap')
    return [col('button', 'text'), col('action', 'text'), ...CLICKS];
  return [col('sent', 'count')];
}

/** One table per message, titled by its number and type (the caller words the title). */
export function broadcastReportTables(
  report: BroadcastReport,
  titleOf: (message: MessageReport) => string,
): ReportTable[] {
  return report.messages.map((m) => {
    const hasCards = m.links.some((l) => l.card !== null && l.card > 0);
    const columns = columnsFor(m.type, hasCards);
    const keys = new Set(columns.map((c) => c.key));
    const rows = keys.has('duration')
      ? [
          {
            key: 'video',
            cells: {
              duration: m.video?.duration ?? null,
              view: m.video?.view ?? 0,
              view_rate: rate(m.video?.users ?? 0, report.delivered),
              user_view: m.video?.users ?? 0,
            },
          },
        ]
      : keys.has('sent')
        ? [{ key: 'sent', cells: { sent: report.delivered } }]
        : m.links.map((l) => ({
            key: l.part,
            cells: {
              link_url: l.url,
              card: l.card === null ? '-' : String(l.card + 1),
              button: l.label,
              action: l.url,
              click: l.click,
              click_rate: rate(l.users, report.delivered),
              user_click: l.users,
            },
          }));
    const total =
      keys.has('click') && rows.length > 1
        ? {
            click: m.links.reduce((n, l) => n + l.click, 0),
            user_click: m.users,
            click_rate: rate(m.users, report.delivered),
          }
        : null;
    return { id: `m${m.index}`, title: titleOf(m), columns, rows, total };
  });
}
