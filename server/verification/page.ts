// /go?verify={token} (and /th/go): the short form a customer fills to verify, as plain HTML that
// works in LINE's in-app browser. The link's token is checked against its hash; a link works
// for VERIFICATION_LIMITS.linkMinutes and VERIFICATION_LIMITS.attempts wrong answers.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Locale } from '../../core/i18n/index';
import { messageKey } from '../../core/text/messageKeys';
import { escapeHtml } from '../../core/text/plainText';
import type { FieldError } from '../../core/validation/rules';
import {
  cleanAnswers,
  VERIFICATION_LIMITS,
  type VerificationField,
  validateAnswers,
} from '../../core/verification/settings';
import { accounts } from '../accounts/schema';
import { localeText } from '../actions/texts';
import type { AppContext } from '../context';
import { type GoAnswer, type GoRequest, registerGoPage } from '../go/pages';
import {
  askVerificationApi,
  findFollowerRow,
  hashToken,
  markVerified,
  type RequestRow,
  tellCustomer,
} from './flow';
import { verificationRequests } from './schema';
import { customerText, fieldLabel, loadVerificationSettings, type VerificationSettings } from './store';

const INPUT_TYPES: Record<VerificationField['type'], string> = {
  text: 'type="text"',
  tel: 'type="tel" inputmode="tel" autocomplete="tel"',
  email: 'type="email" inputmode="email" autocomplete="email"',
  number: 'type="text" inputmode="numeric"',
  date: 'type="date"',
};

const page = (title: string, text: string, status = 200): GoAnswer => ({
  status,
  title,
  body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`,
});

function formPage(
  lang: Locale,
  accountName: string,
  settings: VerificationSettings,
  values: Record<string, string>,
  errors: FieldError[],
  notice: string | null,
  status = 200,
): GoAnswer {
  const t = (key: string) => localeText(lang, `verification.page.${key}`);
  const inputs = settings.fields
    .map((f) => {
      const id = `f-${f.key}`;
      const error = errors.find((e) => e.field === f.key);
      const note = f.required ? '' : ` <span class="muted">(${escapeHtml(t('optional'))})</span>`;
      return `<label for="${id}"><span>${escapeHtml(fieldLabel(f, lang))}${note}</span>
<input id="${id}" name="${escapeHtml(f.key)}" ${INPUT_TYPES[f.type]} value="${escapeHtml(values[f.key] ?? '')}"${
        f.required ? ' required' : ''
      } maxlength="${VERIFICATION_LIMITS.value}"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>
${error ? `<span class="error" id="${id}-error">${escapeHtml(inLanguage(lang, error.message))}</span>` : ''}</label>`;
    })
    .join('\n');
  const body = `<p class="muted">${escapeHtml(accountName)}</p>
<h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('lead'))}</p>
${notice ? `<p class="error" role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="post" novalidate>
${inputs}
<button type="submit">${escapeHtml(settings.texts.button?.trim() || t('submit'))}</button>
</form>`;
  return { status, title: t('title'), body };
}

/** A rule's message (spec 5, in English) in the page's language. */
function inLanguage(lang: Locale, message: string): string {
  const found = messageKey(message);
  return found ? localeText(lang, found.key, found.params) : message;
}

async function accountName(ctx: AppContext, accountId: string) {
  const [row] = await ctx.db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.name ?? '';
}

/** What a link in a state other than open shows. */
function statePage(lang: Locale, request: RequestRow, settings: VerificationSettings): GoAnswer | null {
  const t = (key: string) => localeText(lang, `verification.page.${key}`);
  const back = t('backToChat');
  switch (request.status) {
    case 'verified':
      return page(t('doneTitle'), `${customerText(settings, 'success')} ${back}`);
    case 'pending':
      return page(t('pendingTitle'), `${customerText(settings, 'pending')} ${back}`);
    case 'rejected':
      return page(t('failedTitle'), customerText(settings, 'rejected'));
    case 'failed':
      return page(t('tooManyTitle'), t('tooManyBody'), 429);
    case 'open':
      return request.expiresAt.getTime() < Date.now() ? page(t('expiredTitle'), t('expiredBody'), 410) : null;
    default:
      return page(t('expiredTitle'), t('expiredBody'), 410);
  }
}

async function findRequest(ctx: AppContext, token: string): Promise<RequestRow | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await ctx.db
    .select()
    .from(verificationRequests)
    .where(eq(verificationRequests.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

async function handle(ctx: AppContext, go: GoRequest): Promise<GoAnswer> {
  const lang = go.locale;
  const t = (key: string) => localeText(lang, `verification.page.${key}`);
  const request = await findRequest(ctx, go.value);
  if (!request) return page(t('expiredTitle'), t('expiredBody'), 404);
  const stored = await loadVerificationSettings(ctx.db, request.accountId);
  // The page speaks the language of its address (/go or /th/go); the chat keeps the account's.
  const settings = { ...stored, language: lang };
  const state = statePage(lang, request, settings);
  if (state) return state;
  const name = await accountName(ctx, request.accountId);
  if (go.method === 'GET') return formPage(lang, name, settings, {}, [], null);

  const answers = cleanAnswers(settings.fields, go.form);
  const errors = validateAnswers(settings.fields, answers);
  if (errors.length > 0) return formPage(lang, name, settings, answers, errors, null, 400);
  // One submit at a time per link, and only while tries are left.
  const [claimed] = await ctx.db
    .update(verificationRequests)
    .set({ attempts: sql`${verificationRequests.attempts} + 1`, values: answers, submittedAt: new Date() })
    .where(
      and(
        eq(verificationRequests.id, request.id),
        eq(verificationRequests.status, 'open'),
        lt(verificationRequests.attempts, VERIFICATION_LIMITS.attempts),
      ),
    )
    .returning();
  if (!claimed) {
    const [now] = await ctx.db
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, request.id));
    if (now?.status === 'open') {
      await ctx.db
        .update(verificationRequests)
        .set({ status: 'failed' })
        .where(eq(verificationRequests.id, request.id));
      return page(t('tooManyTitle'), t('tooManyBody'), 429);
    }
    return (now && statePage(lang, now, settings)) ?? page(t('expiredTitle'), t('expiredBody'), 410);
  }
  const follower = await findFollowerRow(ctx, request.followerId);
  if (!follower) return page(t('expiredTitle'), t('expiredBody'), 410);

  if (settings.mode === 'agent') {
    await ctx.db
      .update(verificationRequests)
      .set({ status: 'pending' })
      .where(eq(verificationRequests.id, request.id));
    await tellCustomer(ctx, request, 'pending', stored);
    return page(t('pendingTitle'), `${customerText(settings, 'pending')} ${t('backToChat')}`);
  }

  const verdict = await askVerificationApi(ctx, stored, follower, answers);
  if (!verdict.verified) {
    await ctx.db
      .update(verificationRequests)
      .set({ error: verdict.reason })
      .where(eq(verificationRequests.id, request.id));
    if (claimed.attempts >= VERIFICATION_LIMITS.attempts) {
      await ctx.db
        .update(verificationRequests)
        .set({ status: 'failed' })
        .where(eq(verificationRequests.id, request.id));
      await tellCustomer(ctx, request, 'failed', stored);
      return page(t('tooManyTitle'), t('tooManyBody'), 429);
    }
    return formPage(lang, name, settings, answers, [], customerText(settings, 'failed'), 422);
  }
  await markVerified(ctx, follower, { verifyType: 'api', userId: null, ...verdict }, answers);
  await ctx.db
    .update(verificationRequests)
    .set({
      status: 'verified',
      decidedAt: new Date(),
      error: null,
      result: {
        api_tags: verdict.apiTags,
        system_tags: verdict.systemTags,
        customer_id: verdict.customerId,
        customer_type: verdict.customerType,
      },
    })
    .where(eq(verificationRequests.id, request.id));
  await tellCustomer(ctx, request, 'success', stored);
  return page(t('doneTitle'), `${customerText(settings, 'success')} ${t('backToChat')}`);
}

registerGoPage('verify', handle);
