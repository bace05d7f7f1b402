// /setting/general (spec 2): account name, bot info (name, image), greeting message, business
// hours (per weekday, time zone, holidays), switch-mode time, and when an unaccepted chat is missed
// and an idle one expires, checked with core's rules.
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  ACCOUNT_NAME_MAX,
  BOT_NAME_MAX,
  END_OF_DAY,
  EXPIRE_AFTER_MAX,
  EXPIRE_AFTER_MIN,
  type GeneralSettingsInput,
  GREETING_MAX,
  HOLIDAY_NAME_MAX,
  isCloseTime,
  isOvernight,
  MISSED_AFTER_MAX,
  MISSED_AFTER_MIN,
  SWITCH_MODE_MAX,
  SWITCH_MODE_MIN,
  validateGeneralSettings,
} from '../../core/validation/generalSettings';
import { isClockTime } from '../../core/validation/rules';
import { t } from '../app/i18n';
import { localMessage } from '../app/localMessage';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { loadProfile } from '../session/state';
import { DateField } from '../ui/DateField';
import { ConfirmSave, UnableToSave } from '../ui/Dialog';
import { TextField } from '../ui/FormField';
import { TimeField } from '../ui/TimeField';
import { getGeneral, saveGeneral } from './calls';
import { failed, Switch, saved, Toasts } from './ui';

const MediaPicker = lazy(() => import('../media/MediaPicker').then((m) => ({ default: m.MediaPicker })));

const WEEK = [1, 2, 3, 4, 5, 6, 0];

const ZONES = [
  'Asia/Bangkok',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Shanghai',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Ho_Chi_Minh',
  'Asia/Manila',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Paris',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
  'UTC',
];

/** Open all day: from midnight to midnight. */
const isAllDay = (d: { open: string; close: string }) =>
  d.open === '00:00' && (d.close === END_OF_DAY || d.close === '23:59');

function zonesWith(current: string) {
  return ZONES.includes(current) ? ZONES : [current, ...ZONES];
}

export default function GeneralSettingsPage({ titleKey }: PageProps) {
  useSignals();
  const [form, setForm] = useState<GeneralSettingsInput | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [unable, setUnable] = useState(false);
  const [picking, setPicking] = useState(false);
  const mayWrite = canDo('settings', 'write');

  useEffect(() => {
    getGeneral()
      .then((r) => setForm(r.settings))
      .catch(failed);
  }, []);
  if (!form) return <div className="page-loading">{t('layout.loading')}</div>;

  const set = (patch: Partial<GeneralSettingsInput>) => setForm({ ...form, ...patch });
  const hours = form.business_hours;
  const setHours = (patch: Partial<NonNullable<GeneralSettingsInput['business_hours']>>) =>
    hours && set({ business_hours: { ...hours, ...patch } });
  const err = (field: string) => (errors[field] ? localMessage(errors[field]) : undefined);
  const dayIndex = (day: number) => hours?.days.findIndex((d) => d.day === day) ?? -1;
  const setDay = (i: number, patch: { open?: string; close?: string }) =>
    hours && setHours({ days: hours.days.map((d, j) => (j === i ? { ...d, ...patch } : d)) });

  const trySave = () => {
    const list = validateGeneralSettings(form);
    setErrors(Object.fromEntries(list.map((e) => [e.field, e.message])));
    if (list.length) setUnable(true);
    else setConfirming(true);
  };
  const save = async () => {
    setConfirming(false);
    try {
      const r = await saveGeneral(form);
      setForm(r.settings);
      saved();
      // The account selector shows the account's name.
      void loadProfile();
    } catch (e) {
      failed(e);
    }
  };

  return (
    <div className="st-page st-narrow">
      <PageHeader title={t(titleKey)} />
      <fieldset disabled={!mayWrite} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <div className="st-form">
          <section className="st-section">
            <h2>{t('settings.general.account')}</h2>
            <TextField
              label={t('settings.general.accountName')}
              name="account_name"
              value={form.account_name}
              maxLength={ACCOUNT_NAME_MAX}
              error={err('account_name')}
              onChange={(next) => set({ account_name: next })}
            />
          </section>

          <section className="st-section">
            <h2>{t('settings.general.botInfo')}</h2>
            <p className="muted">{t('settings.general.botInfoHint')}</p>
            <div className="st-bot-image">
              {form.bot_info.image ? (
                <img src={form.bot_info.image} alt={t('settings.general.botImage')} />
              ) : (
                <span className="st-bot-placeholder" aria-hidden="true" />
              )}
              <button type="button" className="st-button" onClick={() => setPicking(true)}>
                {form.bot_info.image ? t('settings.general.changeImage') : t('settings.general.chooseImage')}
              </button>
              {form.bot_info.image ? (
                <button
                  type="button"
                  className="st-link danger"
                  onClick={() => set({ bot_info: { ...form.bot_info, image: null } })}
                >
                  {t('settings.general.removeImage')}
                </button>
              ) : null}
            </div>
            <label className="st-field">
              <span>{t('settings.general.botName')}</span>
              <input
                className="st-input"
                value={form.bot_info.name}
                maxLength={BOT_NAME_MAX}
                aria-invalid={Boolean(err('bot_info.name'))}
                onChange={(e) => set({ bot_info: { ...form.bot_info, name: e.target.value } })}
              />
              {err('bot_info.name') ? <small className="error">{err('bot_info.name')}</small> : null}
            </label>
          </section>

          <section className="st-section">
            <h2>{t('settings.general.greeting')}</h2>
            <label className="st-field">
              <span className="st-label">{t('settings.general.greetingLabel')}</span>
              <textarea
                className="st-textarea"
                value={form.greeting_message}
                maxLength={GREETING_MAX}
                aria-invalid={Boolean(err('greeting_message'))}
                onChange={(e) => set({ greeting_message: e.target.value })}
              />
              <small className="hint">
                {t('settings.general.greetingHint')} · {form.greeting_message.length}/{GREETING_MAX}
              </small>
            </label>
          </section>

          <section className="st-section">
            <h2>{t('settings.general.hours')}</h2>
            <div className="st-toolbar">
              <Switch
                checked={hours !== null}
                label={t('settings.general.hoursSet')}
                onChange={(on) =>
                  set({
                    business_hours: on
                      ? {
                          timezone: form.timezone,
                          days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' })),
                          holidays: [],
                        }
                      : null,
                  })
                }
              />
              {/* The switch's own name, whatever its state (a label that flips reads as the opposite). */}
              <span aria-hidden="true">{t('settings.general.hoursSet')}</span>
            </div>
            {hours ? (
              <>
                <label className="st-field">
                  <span>{t('settings.general.timezone')}</span>
                  <select
                    className="st-select"
                    value={hours.timezone}
                    onChange={(e) => setHours({ timezone: e.target.value })}
                  >
                    {zonesWith(hours.timezone).map((z) => (
                      <option key={z} value={z}>
                        {z}
                      </option>
                    ))}
                  </select>
                </label>
                <fieldset className="st-hours">
                  <legend className="st-label">{t('settings.general.weekdays')}</legend>
                  <small className="hint">{t('settings.general.hoursHint')}</small>
                  {WEEK.map((day) => {
                    const i = dayIndex(day);
                    const entry = i >= 0 ? hours.days[i] : null;
                    return (
                      <div key={day} className="st-hours-row">
                        <label className="st-toolbar">
                          <input
                            type="checkbox"
                            checked={Boolean(entry)}
                            onChange={(e) =>
                              setHours({
                                days: e.target.checked
                                  ? [...hours.days, { day, open: '09:00', close: '18:00' }]
                                  : hours.days.filter((d) => d.day !== day),
                              })
                            }
                          />
                          {t(`settings.general.day.${day}`)}
                        </label>
                        {entry ? (
                          <>
                            <label className="st-toolbar st-all-day">
                              <input
                                type="checkbox"
                                checked={isAllDay(entry)}
                                onChange={(e) =>
                                  setDay(
                                    i,
                                    e.target.checked
                                      ? { open: '00:00', close: END_OF_DAY }
                                      : { open: '09:00', close: '18:00' },
                                  )
                                }
                              />
                              {t('settings.general.allDay')}
                            </label>
                            {isAllDay(entry) ? null : (
                              <span className="st-hours-times">
                                <TimeField
                                  aria-label={`${t(`settings.general.day.${day}`)} ${t('settings.general.open')}`}
                                  aria-invalid={Boolean(err(`business_hours.days.${i}.open`))}
                                  value={entry.open}
                                  onChange={(open) => setDay(i, { open })}
                                />
                                <span className="muted">–</span>
                                <TimeField
                                  allowEndOfDay
                                  aria-label={`${t(`settings.general.day.${day}`)} ${t('settings.general.close')}`}
                                  aria-invalid={Boolean(err(`business_hours.days.${i}.close`))}
                                  value={entry.close}
                                  onChange={(close) => setDay(i, { close })}
                                />
                                {isClockTime(entry.open) && isCloseTime(entry.close) && isOvernight(entry) ? (
                                  <small className="hint">{t('settings.general.nextDay')}</small>
                                ) : null}
                              </span>
                            )}
                            {err(`business_hours.days.${i}.close`) || err(`business_hours.days.${i}.open`) ? (
                              <small className="st-error" style={{ gridColumn: '1 / -1' }}>
                                {err(`business_hours.days.${i}.close`) ??
                                  err(`business_hours.days.${i}.open`)}
                              </small>
                            ) : null}
                          </>
                        ) : (
                          <span className="muted">{t('settings.general.closed')}</span>
                        )}
                      </div>
                    );
                  })}
                  {err('business_hours.days') ? (
                    <small className="st-error">{err('business_hours.days')}</small>
                  ) : null}
                </fieldset>
                <div className="st-field">
                  <span>{t('settings.general.holidays')}</span>
                  <small className="hint">{t('settings.general.holidaysHint')}</small>
                  {hours.holidays.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: holidays have no id; the inputs are controlled, so a row is its position
                    <div key={i} className="st-holiday-row">
                      <DateField
                        className="st-input"
                        aria-label={t('settings.general.holidayDate')}
                        aria-invalid={Boolean(err(`business_hours.holidays.${i}.date`))}
                        value={h.date}
                        onChange={(date) =>
                          setHours({
                            holidays: hours.holidays.map((x, j) => (j === i ? { ...x, date } : x)),
                          })
                        }
                      />
                      <input
                        className="st-input"
                        aria-label={t('settings.general.holidayName')}
                        placeholder={t('settings.general.holidayName')}
                        maxLength={HOLIDAY_NAME_MAX}
                        value={h.name}
                        onChange={(e) =>
                          setHours({
                            holidays: hours.holidays.map((x, j) =>
                              j === i ? { ...x, name: e.target.value } : x,
                            ),
                          })
                        }
                      />
                      <button
                        type="button"
                        className="st-link danger"
                        onClick={() => setHours({ holidays: hours.holidays.filter((_, j) => j !== i) })}
                      >
                        {t('settings.common.remove')}
                      </button>
                      {err(`business_hours.holidays.${i}.date`) ? (
                        <small className="st-error" style={{ gridColumn: '1 / -1' }}>
                          {err(`business_hours.holidays.${i}.date`)}
                        </small>
                      ) : null}
                    </div>
                  ))}
                  <div>
                    <button
                      type="button"
                      className="st-button small"
                      onClick={() => setHours({ holidays: [...hours.holidays, { date: '', name: '' }] })}
                    >
                      + {t('settings.general.addHoliday')}
                    </button>
                  </div>
                </div>
              </>
            ) : (
              <p className="muted" style={{ margin: 0 }}>
                {t('settings.general.alwaysOpenHint')}
              </p>
            )}
          </section>

          <section className="st-section">
            <h2>{t('settings.general.switchMode')}</h2>
            <p className="muted">{t('settings.general.switchModeHint')}</p>
            <div className="st-row">
              {(['start', 'extend'] as const).map((k) => (
                <label key={k} className="st-field">
                  <span>{t(`settings.general.switch.${k}`)}</span>
                  <input
                    className="st-input"
                    type="number"
                    min={SWITCH_MODE_MIN}
                    max={SWITCH_MODE_MAX}
                    value={Number.isFinite(form.switch_mode_time[k]) ? form.switch_mode_time[k] : ''}
                    aria-invalid={Boolean(err(`switch_mode_time.${k}`))}
                    onChange={(e) =>
                      set({ switch_mode_time: { ...form.switch_mode_time, [k]: e.target.valueAsNumber } })
                    }
                  />
                  {err(`switch_mode_time.${k}`) ? (
                    <small className="error">{err(`switch_mode_time.${k}`)}</small>
                  ) : null}
                </label>
              ))}
              <label className="st-field">
                <span>{t('settings.general.accountZone')}</span>
                <select
                  className="st-select"
                  value={form.timezone}
                  onChange={(e) => set({ timezone: e.target.value })}
                >
                  {zonesWith(form.timezone).map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </section>

          <section className="st-section">
            <h2>{t('settings.general.chatTimes')}</h2>
            <p className="muted">{t('settings.general.chatTimesHint')}</p>
            <div className="st-row">
              {(
                [
                  ['missed_after_minutes', MISSED_AFTER_MIN, MISSED_AFTER_MAX],
                  ['expire_after_hours', EXPIRE_AFTER_MIN, EXPIRE_AFTER_MAX],
                ] as const
              ).map(([k, min, max]) => (
                <label key={k} className="st-field">
                  <span>{t(`settings.general.times.${k}`)}</span>
                  <input
                    className="st-input"
                    type="number"
                    min={min}
                    max={max}
                    value={Number.isFinite(form.chat_times[k]) ? form.chat_times[k] : ''}
                    aria-invalid={Boolean(err(`chat_times.${k}`))}
                    onChange={(e) => set({ chat_times: { ...form.chat_times, [k]: e.target.valueAsNumber } })}
                  />
                  {err(`chat_times.${k}`) ? <small className="error">{err(`chat_times.${k}`)}</small> : null}
                </label>
              ))}
            </div>
          </section>
          {mayWrite ? (
            <div className="st-actions">
              <button
                type="button"
                className="st-button primary"
                onClick={trySave}
                data-testid="save-general"
              >
                {t('settings.common.save')}
              </button>
            </div>
          ) : null}
        </div>
      </fieldset>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            accept="image"
            limit={1}
            title={t('settings.general.chooseImage')}
            onClose={() => setPicking(false)}
            onPick={(files) => {
              setPicking(false);
              if (files[0]) set({ bot_info: { ...form.bot_info, image: files[0].url } });
            }}
          />
        </Suspense>
      ) : null}
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
      {unable ? <UnableToSave onClose={() => setUnable(false)} /> : null}
      <Toasts />
    </div>
  );
}
