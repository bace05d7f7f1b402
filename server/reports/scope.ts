// Who may read reports and over which days: the caller's account (never another's) when its role
// may read the 'reports' area, the account's time zone (account_settings.settings.timezone,
// Asia/Bangkok by default) and the period asked for.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isPeriodError, isTimeZone, type Period, resolvePeriod } from '../../core/reports/period';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { MESSAGES } from '../../core/validation/rules';
import { requireArea } from '../accounts/permissions';
import { loadChatSettings } from '../chat/settings';
import type { AppContext } from '../context';
import { Invalid } from '../http/errors';

export const DEFAULT_TIMEZONE = 'Asia/Bangkok';

export interface ReportScope {
  accountId: string;
  timezone: string;
  period: Period;
  /** The period's first instant and the instant after its last day, in the account's zone. */
  from: SQL;
  to: SQL;
}

export async function accountTimezone(ctx: AppContext, accountId: string): Promise<string> {
  const { timezone } = await loadChatSettings(ctx.db, accountId);
  return isTimeZone(timezone) ? timezone : DEFAULT_TIMEZONE;
}

/** The instant a local day (YYYY-MM-DD) starts in a time zone, computed by the database. */
export const dayStart = (day: string, timezone: string): SQL =>
  sql`(${day}::date::timestamp at time zone ${timezone}::text)`;
export const dayAfter = (day: string, timezone: string): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone ${timezone}::text)`;

export function scopeOf(accountId: string, timezone: string, period: Period): ReportScope {
  return {
    accountId,
    timezone,
    period,
    from: dayStart(period.start_date, timezone),
    to: dayAfter(period.end_date, timezone),
  };
}

const PERIOD_MESSAGES = {
  invalid: MESSAGES.time,
  order: SERVER_MESSAGES.endBeforeStart,
  length: 'A report covers at most ten years.',
} as const;

export async function reportScope(
  ctx: AppContext,
  request: FastifyRequest,
  kind: 'dashboard' | 'report',
): Promise<ReportScope> {
  // The role's 'reports' area decides (core/access/areas.ts), whatever its level: by default
  // owners, admins and supervisors read reports and agents do not, but an owner may change that.
  const account = await requireArea(ctx, request, 'reports', 'read');
  const timezone = await accountTimezone(ctx, account.accountId);
  const period = resolvePeriod(request.query as Record<string, unknown>, {
    now: new Date(),
    timeZone: timezone,
    kind,
  });
  if (isPeriodError(period))
    throw new Invalid(
      period.field,
      period.field === 'preset' ? MESSAGES.required : PERIOD_MESSAGES[period.reason],
    );
  return scopeOf(account.accountId, timezone, period);
}
