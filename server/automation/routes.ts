// Automatic answers (issue 11; docs/api.md): reply messages and groups (spec 7 /api/reply/*),
// keyword mapping, intents, greeting and outside-hours settings, which rule answered, and
// "send a reply message" into a chat. Reading needs automation read (reply lists also chat read,
// for the inbox's picker); changing needs automation write.
import { and, asc, count, desc, eq, ilike, isNull, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { array, boolean, defaulted, enums, integer, nullable, optional, string, type } from 'superstruct';
import { INTENT_LIMITS, type IntentLike, matchIntent } from '../../core/automation/intents';
import {
  KEYWORD_ACTIONS,
  KEYWORD_LIMITS,
  KEYWORD_MATCHES,
  type KeywordRule,
  matchKeywordRules,
} from '../../core/automation/keywords';
import { BOT_CHANNELS, toChannelItems } from '../../core/automation/replyConvert';
import { ReplyMessageDraft, validateReplyMessage } from '../../core/automation/replyMessage';
import { SERVER_MESSAGES } from '../../core/text/serverMessages';
import { validateOutsideHoursReply } from '../../core/validation/replyMessage';
import { type FieldError, hasMaxLength, isBlank, MESSAGES } from '../../core/validation/rules';
import { newId } from '../accounts/ids';
import { hasArea, requireArea } from '../accounts/permissions';
import { viewerOf } from '../chat/access';
import { escapeLike } from '../chat/followerQuery';
import { onCustomerMessage } from '../chat/inbound';
import { fieldsOf, optionalString, requiredString } from '../chat/input';
import { queues } from '../chat/schema';
import { loadChatSettings } from '../chat/settings';
import { seesQueue } from '../chat/viewer';
import type { AppContext } from '../context';
import { requireAccount, requireAuth } from '../http/context';
import { Forbidden, Invalid, NotFound } from '../http/errors';
import { answerCustomerMessage } from './bot';
import { replyGaps, replyUsage } from './delivery';
import { idParam, readBody } from './input';
import { automationSettings, botAnswers, intents, keywordRules, replyGroups, replyMessages } from './schema';
import { InvalidReply, sendReply } from './send';
import {
  findReply,
  groupToWire,
  intentToWire,
  keywordToWire,
  loadAutomationSettings,
  lookupsFor,
  REPLY_NOT_FOUND,
  replyNames,
  replyToWire,
} from './store';

const GROUP_NOT_FOUND = SERVER_MESSAGES.groupMissing;
const RULE_NOT_FOUND = SERVER_MESSAGES.ruleMissing;
const INTENT_NOT_FOUND = SERVER_MESSAGES.intentMissing;

const KeywordBody = type({
  name: string(),
  keywords: array(type({ text: string(), match: defaulted(enums(KEYWORD_MATCHES), 'contains') })),
  action: defaulted(enums(KEYWORD_ACTIONS), 'reply'),
  reply_message_id: optional(nullable(string())),
  queue_id: optional(nullable(string())),
  bot_text: defaulted(string(), ''),
  priority: defaulted(integer(), 1),
  is_active: defaulted(boolean(), true),
});

const IntentBody = type({
  name: string(),
  is_active: defaulted(boolean(), true),
  training_phrases: defaulted(array(string()), () => []),
  reply_message_id: optional(nullable(string())),
});

const SettingsBody = type({
  greeting: optional(type({ enabled: boolean(), reply_message_id: optional(nullable(string())) })),
  outside_hours: optional(type({ enabled: boolean(), reply_message_id: optional(nullable(string())) })),
});

function fail(errors: FieldError[]): void {
  if (errors.length > 0) throw new InvalidReply(errors);
}

async function mayReadReplies(ctx: AppContext, request: FastifyRequest) {
  const access = requireAccount(request.account);
  if ((await hasArea(ctx, access, 'automation', 'read')) || (await hasArea(ctx, access, 'chat', 'read')))
    return access;
  throw new Forbidden(SERVER_MESSAGES.noPermission);
}

async function checkReplyRef(
  ctx: AppContext,
  accountId: string,
  id: string | null | undefined,
  field: string,
) {
  if (!id) return null;
  if (!(await findReply(ctx.db, accountId, id))) throw new Invalid(field, REPLY_NOT_FOUND);
  return id;
}

async function checkGroup(ctx: AppContext, accountId: string, id: string | null | undefined) {
  if (!id) return null;
  const [row] = await ctx.db
    .select({ id: replyGroups.id })
    .from(replyGroups)
    .where(and(eq(replyGroups.accountId, accountId), eq(replyGroups.id, id)))
    .limit(1);
  if (!row) throw new Invalid('group_id', GROUP_NOT_FOUND);
  return id;
}

/** A reply message body: shape, spec 5 rules, and the saved templates and locations it names. */
async function readReply(ctx: AppContext, accountId: string, body: unknown) {
  const draft = readBody(ReplyMessageDraft, body);
  draft.name = draft.name.trim();
  fail(validateReplyMessage(draft));
  // It must convert for LINE at least (the richest channel); others are checked when sent.
  const lookups = await lookupsFor(ctx.db, accountId, draft.items);
  const line = toChannelItems(draft, 'line', lookups);
  if (!line.ok) fail(line.errors);
  await checkGroup(ctx, accountId, draft.group_id);
  return draft;
}

function validateKeywordBody(body: ReturnType<typeof readKeyword>): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (isBlank(body.name)) add('name', MESSAGES.required);
  else if (!hasMaxLength(body.name, KEYWORD_LIMITS.name))
    add('name', MESSAGES.maxLength(KEYWORD_LIMITS.name));
  const words = body.keywords.filter((k) => !isBlank(k.text));
  if (words.length === 0) add('keywords', MESSAGES.required);
  if (body.keywords.length > KEYWORD_LIMITS.keywords)
    add('keywords', `At most ${KEYWORD_LIMITS.keywords} are allowed.`);
  body.keywords.forEach((k, i) => {
    if (!hasMaxLength(k.text, KEYWORD_LIMITS.keywordLength))
      add(`keywords[${i}].text`, MESSAGES.maxLength(KEYWORD_LIMITS.keywordLength));
  });
  if (body.priority < 1 || body.priority > KEYWORD_LIMITS.priorityMax) add('priority', MESSAGES.number);
  if (body.action === 'reply' && !body.reply_message_id) add('reply_message_id', MESSAGES.required);
  if (body.action === 'queue' && !body.queue_id) add('queue_id', MESSAGES.required);
  if (body.action !== 'reply' && !hasMaxLength(body.bot_text, 300)) add('bot_text', MESSAGES.maxLength(300));
  return errors;
}

function readKeyword(body: unknown) {
  const value = readBody(KeywordBody, body);
  return {
    ...value,
    name: value.name.trim(),
    keywords: value.keywords.map((k) => ({ text: k.text.trim(), match: k.match })),
  };
}

async function checkQueue(ctx: AppContext, accountId: string, id: string | null | undefined) {
  if (!id) return null;
  const [row] = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.accountId, accountId), eq(queues.id, id)))
    .limit(1);
  if (!row) throw new Invalid('queue_id', SERVER_MESSAGES.queueMissing);
  return id;
}

function readIntent(body: unknown) {
  const value = readBody(IntentBody, body);
  const phrases = [...new Set(value.training_phrases.map((p) => p.trim()).filter(Boolean))];
  const errors: FieldError[] = [];
  const name = value.name.trim();
  if (!name) errors.push({ field: 'name', message: MESSAGES.required });
  else if (!hasMaxLength(name, INTENT_LIMITS.name))
    errors.push({ field: 'name', message: MESSAGES.maxLength(INTENT_LIMITS.name) });
  if (phrases.length === 0) errors.push({ field: 'training_phrases', message: MESSAGES.required });
  if (phrases.length > INTENT_LIMITS.phrases)
    errors.push({ field: 'training_phrases', message: `At most ${INTENT_LIMITS.phrases} are allowed.` });
  phrases.forEach((p, i) => {
    if (!hasMaxLength(p, INTENT_LIMITS.phraseLength))
      errors.push({
        field: `training_phrases[${i}]`,
        message: MESSAGES.maxLength(INTENT_LIMITS.phraseLength),
      });
  });
  if (!value.reply_message_id) errors.push({ field: 'reply_message_id', message: MESSAGES.required });
  fail(errors);
  return { ...value, name, training_phrases: phrases };
}

export function registerAutomationRoutes(app: FastifyInstance, ctx: AppContext) {
  onCustomerMessage(answerCustomerMessage);

  app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const path = request.url.split('?')[0];
      if (request.method === 'GET' && /^\/api\/reply\/(group|message)\/list$/.test(path))
        await mayReadReplies(ctx, request);
      else if (path === '/api/automation/answers') await requireArea(ctx, request, 'chat', 'read');
      else await requireArea(ctx, request, 'automation', request.method === 'GET' ? 'read' : 'write');
    });

    // ---- Groups (spec 7) ----
    scope.get('/api/reply/group/list', async (request) => {
      const { accountId } = requireAccount(request.account);
      const groups = await ctx.db
        .select()
        .from(replyGroups)
        .where(eq(replyGroups.accountId, accountId))
        .orderBy(asc(replyGroups.position), asc(replyGroups.createdAt));
      const replies = await ctx.db
        .select({ id: replyMessages.id, name: replyMessages.name, groupId: replyMessages.groupId })
        .from(replyMessages)
        .where(and(eq(replyMessages.accountId, accountId), eq(replyMessages.isActive, true)))
        .orderBy(asc(replyMessages.position), asc(replyMessages.createdAt));
      const byGroup = (id: string | null) =>
        replies.filter((r) => r.groupId === id).map((r) => ({ _id: r.id, name: r.name }));
      const list = groups.map((g) => ({ ...groupToWire(g), messages: byGroup(g.id) }));
      const ungrouped = byGroup(null);
      return { list, ungrouped };
    });

    scope.post('/api/reply/group/create', async (request) => {
      const { accountId } = requireAccount(request.account);
      const name = requiredString(fieldsOf(request.body), 'name', { max: 100 }).trim();
      const [{ n }] = await ctx.db
        .select({ n: count() })
        .from(replyGroups)
        .where(eq(replyGroups.accountId, accountId));
      const [row] = await ctx.db
        .insert(replyGroups)
        .values({ id: newId(), accountId, name, position: Number(n) })
        .returning();
      return { group: groupToWire(row) };
    });

    scope.put('/api/reply/group/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, GROUP_NOT_FOUND);
      const name = requiredString(fieldsOf(request.body), 'name', { max: 100 }).trim();
      const [row] = await ctx.db
        .update(replyGroups)
        .set({ name })
        .where(and(eq(replyGroups.accountId, accountId), eq(replyGroups.id, id)))
        .returning();
      if (!row) throw new NotFound(GROUP_NOT_FOUND);
      return { group: groupToWire(row) };
    });

    scope.delete('/api/reply/group/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, GROUP_NOT_FOUND);
      // Its reply messages stay, outside any group.
      const gone = await ctx.db
        .delete(replyGroups)
        .where(and(eq(replyGroups.accountId, accountId), eq(replyGroups.id, id)))
        .returning({ id: replyGroups.id });
      if (gone.length === 0) throw new NotFound(GROUP_NOT_FOUND);
      return { deleted: 1 };
    });

    // ---- Reply messages ----
    scope.get('/api/reply/message/list', async (request) => {
      const { accountId } = requireAccount(request.account);
      const q = fieldsOf(request.query);
      const replyId = optionalString(q, 'reply_message_id', { max: 64 });
      if (replyId) {
        // Spec 7: one reply message as a template for a channel (channel_type, default line).
        const row = await findReply(ctx.db, accountId, replyId);
        if (!row) throw new NotFound(REPLY_NOT_FOUND);
        const channel = optionalString(q, 'channel_type', { max: 20 }) ?? 'line';
        if (!(BOT_CHANNELS as readonly string[]).includes(channel))
          throw new Invalid('channel_type', MESSAGES.required);
        const lookups = await lookupsFor(ctx.db, accountId, row.items);
        const converted = toChannelItems(
          { name: row.name, items: row.items, quick_replies: row.quickReplies },
          channel as (typeof BOT_CHANNELS)[number],
          lookups,
        );
        return {
          template: {
            channel_type: channel,
            temp_type: 'reply_message',
            messages_sent: converted.ok ? converted.message : [],
            messages_display: row.items,
          },
          errors: converted.ok ? [] : converted.errors,
          reply_message: replyToWire(row),
        };
      }
      const search = optionalString(q, 'search', { max: 100 });
      const group = optionalString(q, 'group_id', { max: 64 });
      const where = and(
        eq(replyMessages.accountId, accountId),
        search ? ilike(replyMessages.name, `%${escapeLike(search.trim())}%`) : undefined,
        group === 'none'
          ? isNull(replyMessages.groupId)
          : group
            ? eq(replyMessages.groupId, group)
            : undefined,
      ) as SQL;
      const rows = await ctx.db
        .select()
        .from(replyMessages)
        .where(where)
        .orderBy(asc(replyMessages.position), desc(replyMessages.updatedAt))
        .limit(500);
      return { list: rows.map(replyToWire), total_count: rows.length };
    });

    scope.get('/api/reply/message/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const row = await findReply(ctx.db, accountId, idParam(request.params, REPLY_NOT_FOUND));
      if (!row) throw new NotFound(REPLY_NOT_FOUND);
      return { reply_message: replyToWire(row) };
    });

    scope.post('/api/reply/message/create', async (request) => {
      const { accountId } = requireAccount(request.account);
      const { userId } = requireAuth(request.auth);
      const draft = await readReply(ctx, accountId, request.body);
      const [{ n }] = await ctx.db
        .select({ n: count() })
        .from(replyMessages)
        .where(eq(replyMessages.accountId, accountId));
      const [row] = await ctx.db
        .insert(replyMessages)
        .values({
          id: newId(),
          accountId,
          groupId: draft.group_id ?? null,
          name: draft.name,
          items: draft.items,
          quickReplies: draft.quick_replies,
          isActive: draft.is_active,
          position: Number(n),
          createdBy: userId,
          updatedBy: userId,
        })
        .returning();
      return { reply_message: replyToWire(row) };
    });

    scope.put('/api/reply/message/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const { userId } = requireAuth(request.auth);
      const id = idParam(request.params, REPLY_NOT_FOUND);
      const draft = await readReply(ctx, accountId, request.body);
      const [row] = await ctx.db
        .update(replyMessages)
        .set({
          groupId: draft.group_id ?? null,
          name: draft.name,
          items: draft.items,
          quickReplies: draft.quick_replies,
          isActive: draft.is_active,
          updatedBy: userId,
          updatedAt: new Date(),
        })
        .where(and(eq(replyMessages.accountId, accountId), eq(replyMessages.id, id)))
        .returning();
      if (!row) throw new NotFound(REPLY_NOT_FOUND);
      return { reply_message: replyToWire(row) };
    });

    /** Which keyword rules, intents and greeting settings answer with a reply message. */
    scope.get('/api/reply/message/:id/usage', async (request) => {
      const { accountId } = requireAccount(request.account);
      const row = await findReply(ctx.db, accountId, idParam(request.params, REPLY_NOT_FOUND));
      if (!row) throw new NotFound(REPLY_NOT_FOUND);
      return replyUsage(ctx, accountId, row.id);
    });

    scope.delete('/api/reply/message/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, REPLY_NOT_FOUND);
      const gone = await ctx.db
        .delete(replyMessages)
        .where(and(eq(replyMessages.accountId, accountId), eq(replyMessages.id, id)))
        .returning({ id: replyMessages.id });
      if (gone.length === 0) throw new NotFound(REPLY_NOT_FOUND);
      return { deleted: 1 };
    });

    /** Order of reply messages (and their group) as dragged in the list. */
    scope.post('/api/reply/message/reorder', async (request) => {
      const { accountId } = requireAccount(request.account);
      const body = fieldsOf(request.body);
      const ids = Array.isArray(body.ids) ? body.ids.filter((v): v is string => typeof v === 'string') : [];
      if (ids.length === 0 || ids.length > 500) throw new Invalid('ids', MESSAGES.required);
      await ctx.db.transaction(async (tx) => {
        for (const [position, id] of ids.entries())
          await tx
            .update(replyMessages)
            .set({ position })
            .where(and(eq(replyMessages.accountId, accountId), eq(replyMessages.id, id)));
      });
      return { status: 'ok' };
    });

    /**
     * How a reply (saved or not) goes out on every channel, without saving it: what the bot sends,
     * and in `left` the items it leaves out there (an agent's send of it there is refused instead).
     */
    scope.post('/api/reply/message/preview', async (request) => {
      const { accountId } = requireAccount(request.account);
      const draft = readBody(ReplyMessageDraft, { name: 'preview', ...fieldsOf(request.body) });
      const invalid = validateReplyMessage(draft);
      const lookups = await lookupsFor(ctx.db, accountId, draft.items);
      const channels = Object.fromEntries(
        BOT_CHANNELS.map((channel) => {
          if (invalid.length > 0) return [channel, { ok: false, errors: invalid }];
          return [channel, toChannelItems(draft, channel, lookups, { leaveOutUnavailable: true })];
        }),
      );
      return { channels };
    });

    // ---- Greeting and outside business hours ----
    scope.get('/api/automation/settings', async (request) => {
      const { accountId } = requireAccount(request.account);
      const settings = await loadAutomationSettings(ctx.db, accountId);
      const chat = await loadChatSettings(ctx.db, accountId);
      return {
        ...settings,
        business_hours: chat.business_hours,
        business_hours_set: !!chat.business_hours?.days.length,
      };
    });

    scope.put('/api/automation/settings', async (request) => {
      const { accountId } = requireAccount(request.account);
      const body = readBody(SettingsBody, request.body);
      const current = await loadAutomationSettings(ctx.db, accountId);
      const greeting = body.greeting ?? current.greeting;
      const outside = body.outside_hours ?? current.outside_hours;
      const chat = await loadChatSettings(ctx.db, accountId);
      // Spec 5: the outside-hours reply needs business hours ('Please add business hours.').
      fail(validateOutsideHoursReply(outside.enabled, chat.business_hours?.days ?? []));
      if (greeting.enabled && !greeting.reply_message_id)
        throw new Invalid('greeting.reply_message_id', MESSAGES.required);
      if (outside.enabled && !outside.reply_message_id)
        throw new Invalid('outside_hours.reply_message_id', MESSAGES.required);
      await checkReplyRef(ctx, accountId, greeting.reply_message_id, 'greeting.reply_message_id');
      await checkReplyRef(ctx, accountId, outside.reply_message_id, 'outside_hours.reply_message_id');
      const values = {
        greetingEnabled: greeting.enabled,
        greetingReplyId: greeting.reply_message_id ?? null,
        outsideHoursEnabled: outside.enabled,
        outsideHoursReplyId: outside.reply_message_id ?? null,
        updatedAt: new Date(),
      };
      await ctx.db
        .insert(automationSettings)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: automationSettings.accountId, set: values });
      return {
        ...(await loadAutomationSettings(ctx.db, accountId)),
        business_hours_set: !!chat.business_hours?.days.length,
      };
    });

    // ---- Keyword mapping ----
    scope.get('/api/keyword/list', async (request) => {
      const { accountId } = requireAccount(request.account);
      const rows = await ctx.db
        .select()
        .from(keywordRules)
        .where(eq(keywordRules.accountId, accountId))
        .orderBy(asc(keywordRules.priority), asc(keywordRules.createdAt));
      const names = await replyNames(
        ctx.db,
        accountId,
        rows.map((r) => r.replyMessageId),
      );
      return {
        list: rows.map((r) => keywordToWire(r, r.replyMessageId ? names.get(r.replyMessageId) : null)),
      };
    });

    const saveKeyword = async (request: FastifyRequest, id: string | null) => {
      const { accountId } = requireAccount(request.account);
      const body = readKeyword(request.body);
      fail(validateKeywordBody(body));
      const replyId =
        body.action === 'reply'
          ? await checkReplyRef(ctx, accountId, body.reply_message_id, 'reply_message_id')
          : null;
      const queueId = body.action === 'queue' ? await checkQueue(ctx, accountId, body.queue_id) : null;
      const values = {
        name: body.name,
        keywords: body.keywords.filter((k) => k.text),
        action: body.action,
        replyMessageId: replyId,
        queueId,
        botText: body.action === 'reply' ? '' : body.bot_text.trim(),
        priority: body.priority,
        isActive: body.is_active,
        updatedAt: new Date(),
      };
      const [row] = id
        ? await ctx.db
            .update(keywordRules)
            .set(values)
            .where(and(eq(keywordRules.accountId, accountId), eq(keywordRules.id, id)))
            .returning()
        : await ctx.db
            .insert(keywordRules)
            .values({ id: newId(), accountId, ...values })
            .returning();
      if (!row) throw new NotFound(RULE_NOT_FOUND);
      const names = await replyNames(ctx.db, accountId, [row.replyMessageId]);
      return { rule: keywordToWire(row, row.replyMessageId ? names.get(row.replyMessageId) : null) };
    };
    scope.post('/api/keyword/create', (request) => saveKeyword(request, null));
    scope.put('/api/keyword/:id', (request) => saveKeyword(request, idParam(request.params, RULE_NOT_FOUND)));
    scope.delete('/api/keyword/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, RULE_NOT_FOUND);
      const gone = await ctx.db
        .delete(keywordRules)
        .where(and(eq(keywordRules.accountId, accountId), eq(keywordRules.id, id)))
        .returning({ id: keywordRules.id });
      if (gone.length === 0) throw new NotFound(RULE_NOT_FOUND);
      return { deleted: 1 };
    });

    /** Which keyword rule or intent would answer a text (the console's "try it"). */
    scope.post('/api/keyword/test', async (request) => {
      const { accountId } = requireAccount(request.account);
      const text = requiredString(fieldsOf(request.body), 'text', { max: 5000 });
      const rules = await ctx.db.select().from(keywordRules).where(eq(keywordRules.accountId, accountId));
      const hit = matchKeywordRules<
        KeywordRule & { id: string; action: string; replyMessageId: string | null }
      >(
        text,
        rules.map((r) => ({ ...r, _id: r.id, is_active: r.isActive })),
      );
      if (hit)
        return {
          kind: 'keyword',
          rule_id: hit.rule.id,
          name: hit.rule.name,
          matched: hit.keyword.text,
          score: 1,
          // What the customer would get (docs/api.md "What the bot sends").
          gaps: hit.rule.action === 'reply' ? await replyGaps(ctx, accountId, hit.rule.replyMessageId) : [],
        };
      const settings = await loadAutomationSettings(ctx.db, accountId);
      const list = await ctx.db.select().from(intents).where(eq(intents.accountId, accountId));
      const found = matchIntent<IntentLike & { id: string; replyMessageId: string | null }>(
        text,
        list.map((i) => ({ ...i, is_active: i.isActive, training_phrases: i.trainingPhrases })),
        settings.intent_threshold,
      );
      if (found)
        return {
          kind: 'intent',
          rule_id: found.intent.id,
          name: found.intent.name,
          matched: found.phrase,
          score: found.score,
          gaps: await replyGaps(ctx, accountId, found.intent.replyMessageId),
        };
      return { kind: null };
    });

    // ---- Intents ----
    scope.get('/api/intent/list', async (request) => {
      const { accountId } = requireAccount(request.account);
      const rows = await ctx.db
        .select()
        .from(intents)
        .where(eq(intents.accountId, accountId))
        .orderBy(asc(intents.createdAt));
      const names = await replyNames(
        ctx.db,
        accountId,
        rows.map((r) => r.replyMessageId),
      );
      return {
        list: rows.map((r) => intentToWire(r, r.replyMessageId ? names.get(r.replyMessageId) : null)),
      };
    });

    const saveIntent = async (request: FastifyRequest, id: string | null) => {
      const { accountId } = requireAccount(request.account);
      const body = readIntent(request.body);
      await checkReplyRef(ctx, accountId, body.reply_message_id, 'reply_message_id');
      const duplicate = await ctx.db
        .select({ id: intents.id })
        .from(intents)
        .where(
          and(
            eq(intents.accountId, accountId),
            eq(intents.name, body.name),
            id ? ne(intents.id, id) : undefined,
          ),
        )
        .limit(1);
      if (duplicate.length > 0) throw new Invalid('name', SERVER_MESSAGES.intentTaken);
      const values = {
        name: body.name,
        isActive: body.is_active,
        trainingPhrases: body.training_phrases,
        replyMessageId: body.reply_message_id ?? null,
        updatedAt: new Date(),
      };
      const [row] = id
        ? await ctx.db
            .update(intents)
            .set(values)
            .where(and(eq(intents.accountId, accountId), eq(intents.id, id)))
            .returning()
        : await ctx.db
            .insert(intents)
            .values({ id: newId(), accountId, ...values })
            .returning();
      if (!row) throw new NotFound(INTENT_NOT_FOUND);
      const names = await replyNames(ctx.db, accountId, [row.replyMessageId]);
      return { intent: intentToWire(row, row.replyMessageId ? names.get(row.replyMessageId) : null) };
    };
    scope.post('/api/intent/create', (request) => saveIntent(request, null));
    scope.put('/api/intent/:id', (request) => saveIntent(request, idParam(request.params, INTENT_NOT_FOUND)));
    scope.delete('/api/intent/:id', async (request) => {
      const { accountId } = requireAccount(request.account);
      const id = idParam(request.params, INTENT_NOT_FOUND);
      const gone = await ctx.db
        .delete(intents)
        .where(and(eq(intents.accountId, accountId), eq(intents.id, id)))
        .returning({ id: intents.id });
      if (gone.length === 0) throw new NotFound(INTENT_NOT_FOUND);
      return { deleted: 1 };
    });

    // ---- Which rule answered (for the chat) ----
    scope.get('/api/automation/answers', async (request) => {
      const viewer = await viewerOf(ctx, request);
      const followerId = requiredString(fieldsOf(request.query), ['follower_id', 'followerId'], { max: 64 });
      const rows = await ctx.db
        .select()
        .from(botAnswers)
        .where(and(eq(botAnswers.accountId, viewer.accountId), eq(botAnswers.followerId, followerId)))
        .orderBy(desc(botAnswers.createdAt))
        .limit(200);
      return {
        list: rows.map((r) => ({
          message_id: r.messageId,
          question_id: r.questionId,
          rule_kind: r.ruleKind,
          rule_id: r.ruleId,
          rule_name: r.ruleName,
          matched: r.matched,
          score: r.score,
        })),
      };
    });
  });
}

/** POST /api/chat/send/template: an agent sends a saved reply message into a chat (spec 7). */
export async function sendReplyMessageToChat(
  ctx: AppContext,
  request: FastifyRequest,
  input: { followerId: string; replyMessageId: string; tempId: string | null },
) {
  const viewer = await viewerOf(ctx, request);
  const reply = await findReply(ctx.db, viewer.accountId, input.replyMessageId);
  if (!reply) throw new NotFound(REPLY_NOT_FOUND);
  const sent = await sendReply(ctx, {
    accountId: viewer.accountId,
    followerId: input.followerId,
    reply,
    fromType: 'agent',
    userId: viewer.userId,
    tempId: input.tempId,
    canSeeQueue: (queueId) => seesQueue(viewer, queueId),
  });
  return { message: sent.message, follower: sent.follower };
}
