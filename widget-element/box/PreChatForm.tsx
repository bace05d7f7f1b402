// The pre-chat form (spec 3 pre_chat_form_fields), checked with core/widget/preChat. Its own chunk:
// preloaded when the box opens on a widget that asks for it.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../core/api/client';
import type { PreChatField } from '../../core/models/widget';
import { validatePreChat } from '../../core/widget/preChat';
import type { Controller } from './controller';
import { localMessage, type Translate } from './texts';

export default function PreChatForm({
  fields,
  controller,
  t,
  initial,
}: {
  fields: PreChatField[];
  controller: Controller;
  t: Translate;
  initial: Record<string, string>;
}) {
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validatePreChat(fields, values);
    setErrors(
      Object.fromEntries(
        found.map((err) => [err.field.replace(/^form\./, ''), localMessage(t, err.message)]),
      ),
    );
    if (found.length) {
      const first = found[0].field.replace(/^form\./, '');
      (e.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await controller.submitForm(values);
    } catch (err) {
      const field = err instanceof ApiError ? err.field?.replace(/^form\./, '') : undefined;
      setErrors(
        field
          ? { [field]: localMessage(t, err instanceof ApiError ? err.message : '') }
          : { _: t('errors.generic') },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="prechat" onSubmit={submit} noValidate>
      <p>{t('preChatTitle')}</p>
      {fields.map((f) => {
        const id = `cw-${f.key}`;
        const error = errors[f.key];
        const common = {
          id,
          name: f.key,
          value: values[f.key] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          'aria-required': f.required || undefined,
          onChange: (e: { target: { value: string } }) => setValues({ ...values, [f.key]: e.target.value }),
        };
        return (
          <div className="field" key={f.key}>
            <label htmlFor={id}>
              {f.label}
              {f.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            {f.type === 'textarea' ? (
              <textarea rows={3} {...common} />
            ) : (
              <input type={f.type === 'tel' ? 'tel' : f.type === 'email' ? 'email' : 'text'} {...common} />
            )}
            {error ? (
              <small className="error" id={`${id}-error`}>
                {error}
              </small>
            ) : null}
          </div>
        );
      })}
      {errors._ ? (
        <small className="error" role="alert">
          {errors._}
        </small>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {t('startChat')}
      </button>
    </form>
  );
}
