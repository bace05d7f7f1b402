// Templates with API sources are filled at send time, per customer (spec 4): the template's API
// (apiSetting.slug) is called with that customer's values, its answer's variables expand and
// fill the form (core/template fillTemplateForm, pure), and the filled form converts as usual.
// A call that fails sends the card with those values left empty, and is logged.
import type { Variables } from '../../core/apis/variables';
import { extractVariables } from '../../core/apis/variables';
import { fillTemplateForm } from '../../core/template/apiVariables';
import { readTemplateForm, type TemplateForm } from '../../core/template/form';
import type { AppContext } from '../context';
import { callApi } from './call';
import { customerValues } from './customer';
import { callable, connectionByKey } from './store';

/** Whether a stored form takes its values from an API. */
export function usesApi(form: unknown): boolean {
  const setting = (form as { apiSetting?: { status?: unknown; slug?: unknown } } | null)?.apiSetting;
  return setting?.status === true && typeof setting.slug === 'string' && setting.slug.trim() !== '';
}

/** The template's API answer for one customer: its variables, or {} when the call fails. */
export async function templateValues(
  ctx: AppContext,
  accountId: string,
  form: TemplateForm,
  followerId: string,
  extra: Record<string, unknown> = {},
): Promise<Variables> {
  const setting = form.apiSetting;
  if (!setting?.status || !setting.slug) return {};
  const connection = await connectionByKey(ctx.db, accountId, setting.slug);
  if (!connection?.status) {
    ctx.log.warn({ accountId, api: setting.slug }, 'template API is missing or switched off');
    return {};
  }
  const values = { ...(await customerValues(ctx, followerId)), ...extra };
  const result = await callApi(ctx, callable(connection), values);
  if (!result.ok || result.json === null) return {};
  const options = setting.variables_option.length > 0 ? setting.variables_option : connection.variablesOption;
  return extractVariables(result.json, options);
}

/**
 * The form as it goes to one customer: API templates filled from a call made now, others as
 * they are. `values` given (an apiCondition answer) fills without another call.
 */
export async function formForCustomer(
  ctx: AppContext,
  accountId: string,
  stored: unknown,
  followerId: string,
  values?: Variables,
): Promise<unknown> {
  if (!usesApi(stored) && values === undefined) return stored;
  const read = readTemplateForm(stored);
  if (!read.ok) return stored;
  const answer = values ?? (await templateValues(ctx, accountId, read.form, followerId));
  return fillTemplateForm(read.form, answer);
}
