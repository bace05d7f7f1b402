// /location: business locations (spec 3 form: name, open/close HH:MM, telephone, mobile, address,
// province, district, sub district, postcode, nearby place, latitude/longitude with validation
// and a point marked on a coordinate picker, image, Active/Disactive).
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { LOCATION_STATUSES, type Location, type LocationStatus } from '../../core/models/location';
import { t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { EmptyTable, Field, StatusBadge, TextInput, Toggle } from '../automation/ui';
import { MediaPicker } from '../media/MediaPicker';
import { PageHeader } from '../pages/PageHeader';
import { api } from '../session/api';
import { ConfirmDialog, Dialog } from '../templates/Dialog';
import { Toasts } from '../templates/Toasts';
import { CancelSave } from '../ui/CancelSave';
import { ConfirmDelete, notifyDeleted } from '../ui/ConfirmDelete';
import { CreateButton } from '../ui/CreateButton';
import { ListTable } from '../ui/ListTable';
import { EditDeleteCell } from '../ui/RowActions';
import { SearchBox } from '../ui/SearchBox';
import { TimeField } from '../ui/TimeField';
import { UnableToSaveAlert } from '../ui/UnableToSaveAlert';
import { useEditing } from '../ui/useEditing';
import { useEditorSave } from '../ui/useEditorSave';
import { useUnsavedGuard } from '../ui/useUnsavedGuard';
import { CoordinatePicker } from './CoordinatePicker';
import '../automation/automation.css';
import '../templates/templates.css';
import './location.css';

type LocationWire = Location & { _id: string; updated_at: string };
type Form = Omit<Location, '_id'>;

const EMPTY: Form = {
  name: '',
  open_time: '',
  close_time: '',
  telephone: '',
  mobile: '',
  address: '',
  province: '',
  district: '',
  sub_district: '',
  postcode: '',
  nearby_place: '',
  latitude: '',
  longitude: '',
  image: null,
  isActive: 'Active',
};

/** "2 reply messages send this location: “A”, “B”.", or null when none does (or it cannot be told). */
async function usageText(id: string): Promise<string | null> {
  const usage = await api<{ replies: { name: string }[] }>(`/api/location/${id}/usage`).catch(() => null);
  const names = usage?.replies.map((r) => `“${r.name}”`) ?? [];
  return names.length ? t('location.usedBy', { count: names.length, names: names.join(', ') }) : null;
}

function LocationEditor({
  location,
  onClose,
  onSaved,
}: {
  location: LocationWire | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<Form>(() => (location ? { ...EMPTY, ...location } : EMPTY));
  const { problems, failed, busy, dismissFailed, run } = useEditorSave(onSaved);
  const [picking, setPicking] = useState(false);
  // Switching off a location that reply messages send asks first: they will leave it out.
  const [usedBy, setUsedBy] = useState<string | null>(null);
  // Spec 5: closing with unsaved changes asks 'Leave without saving'; saving an edit asks Yes / No.
  // Escape reaches this dialog too while one opened over it is open: that one's own close handles it.
  const guard = useUnsavedGuard(form, onClose, { covered: Boolean(usedBy || picking || failed) });
  // Spec 9 HH:mm, 24-hour: the console's time box, not <input type="time"> ("09:00 AM" in US English).
  const time = (key: 'open_time' | 'close_time') => (
    <Field label={t(`location.fields.${key}`)} problem={problems[key]} field={key}>
      {(id, describedBy) => (
        <TimeField
          id={id}
          className=""
          keepInvalid
          value={form[key]}
          onChange={(v) => set({ [key]: v })}
          aria-invalid={problems[key] ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const field = (key: keyof Form, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      label={t(`location.fields.${key}`)}
      value={String(form[key] ?? '')}
      onChange={(v) => set({ [key]: v })}
      problem={problems[key]}
      field={key}
      {...extra}
    />
  );
  const store = () =>
    run(async () => {
      await api(location ? `/api/location/${location._id}` : '/api/location/create', {
        method: location ? 'PUT' : 'POST',
        body: form,
      });
    });
  const save = async () => {
    const switchingOff = location?.isActive === 'Active' && form.isActive !== 'Active';
    const users = location && switchingOff ? await usageText(location._id) : null;
    if (users) setUsedBy(users);
    else guard.confirmSave(Boolean(location), store);
  };
  return (
    <Dialog
      wide
      title={location ? t('location.edit') : t('location.create')}
      onClose={guard.close}
      footer={<CancelSave onCancel={guard.close} onSave={save} busy={busy} saveTestId="save-location" />}
    >
      <div className="loc-editor" data-testid="location-editor">
        <div>
          {field('name', { maxLength: 300 })}
          <div className="auto-row">
            {time('open_time')}
            {time('close_time')}
          </div>
          <div className="auto-row">
            {field('telephone', { inputMode: 'tel', maxLength: 10, placeholder: '021234567' })}
            {field('mobile', { inputMode: 'tel', maxLength: 10, placeholder: '0812345678' })}
          </div>
          {field('address', { multiline: true, maxLength: 300 })}
          <div className="auto-row">
            {field('sub_district', { maxLength: 100 })}
            {field('district', { maxLength: 100 })}
            {field('province', { maxLength: 100 })}
            {field('postcode', { inputMode: 'numeric', maxLength: 5 })}
          </div>
          {field('nearby_place', { maxLength: 300 })}
          <div className="auto-field" data-field="image">
            <span className="auto-field-label">{t('location.fields.image')}</span>
            <div className="auto-pick">
              {form.image ? <img src={form.image} alt="" /> : null}
              <button type="button" className="tpl-button" onClick={() => setPicking(true)}>
                {form.image ? t('automation.reply.change') : t('automation.reply.chooseFile')}
              </button>
              {form.image ? (
                <button type="button" className="tpl-link danger" onClick={() => set({ image: null })}>
                  {t('automation.remove')}
                </button>
              ) : null}
            </div>
          </div>
          <div className="auto-field">
            <span className="auto-field-label">{t('location.fields.isActive')}</span>
            <Toggle
              checked={form.isActive === 'Active'}
              onChange={(on) => set({ isActive: on ? 'Active' : 'Disactive' })}
              label={t(`location.status.${form.isActive}`)}
            />
          </div>
        </div>
        <div>
          <div className="auto-row">
            {field('latitude', { inputMode: 'decimal', placeholder: '13.7462' })}
            {field('longitude', { inputMode: 'decimal', placeholder: '100.5347' })}
          </div>
          <CoordinatePicker
            latitude={form.latitude}
            longitude={form.longitude}
            onChange={(latitude, longitude) => set({ latitude, longitude })}
          />
        </div>
      </div>
      {picking ? (
        <MediaPicker
          accept="image"
          limit={1}
          onClose={() => setPicking(false)}
          onPick={(files) => {
            setPicking(false);
            if (files[0]) set({ image: files[0].url });
          }}
        />
      ) : null}
      {usedBy ? (
        <ConfirmDialog
          title={t('location.offConfirmTitle')}
          text={usedBy}
          detail={t('location.offConfirm')}
          onNo={() => setUsedBy(null)}
          onYes={() => {
            setUsedBy(null);
            store();
          }}
        />
      ) : null}
      {guard.dialog}
      <UnableToSaveAlert open={failed} onClose={dismissFailed} />
    </Dialog>
  );
}

export default function LocationPage({ titleKey }: PageProps) {
  useSignals();
  const [list, setList] = useState<LocationWire[] | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<LocationStatus | ''>('');
  const { editing, setEditing, edited, closeEditor, afterSave } = useEditing<LocationWire>();
  const [deleting, setDeleting] = useState<{ location: LocationWire; usedBy: string | null } | null>(null);
  const askDelete = async (location: LocationWire) =>
    setDeleting({ location, usedBy: await usageText(location._id) });
  const load = useCallback(async () => {
    try {
      const r = await api<{ list: LocationWire[] }>('/api/location/list', {
        query: { search: search.trim() || undefined, status: status || undefined },
      });
      setList(r.list);
    } catch {
      setList([]);
    }
  }, [search, status]);
  useEffect(() => {
    const timer = setTimeout(load, search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [load, search]);
  const filtered = Boolean(search.trim() || status);
  return (
    <>
      <PageHeader title={t(titleKey)}>
        <CreateButton
          label={t('location.create')}
          testId="create-location"
          onClick={() => setEditing('new')}
        />
      </PageHeader>
      <section className="auto-page">
        <div className="auto-toolbar">
          <SearchBox
            className="auto-search"
            label={t('location.search')}
            value={search}
            onChange={setSearch}
          />
          <select
            className="auto-search loc-status"
            aria-label={t('location.fields.isActive')}
            value={status}
            onChange={(e) => setStatus(e.target.value as LocationStatus | '')}
          >
            <option value="">{t('location.allStatuses')}</option>
            {LOCATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`location.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {list === null ? <p className="auto-hint">{t('automation.loading')}</p> : null}
        {list && list.length === 0 ? (
          <EmptyTable
            testId="locations-empty"
            text={filtered ? t('automation.noMatch') : t('location.empty', { button: t('location.create') })}
          />
        ) : null}
        {list && list.length > 0 ? (
          <ListTable
            look="automation"
            head={
              <>
                <th>{t('location.fields.name')}</th>
                <th className="hide-md">{t('location.columns.address')}</th>
                <th>{t('location.columns.hours')}</th>
                <th className="hide-md">{t('location.columns.phone')}</th>
                <th>{t('location.fields.isActive')}</th>
              </>
            }
          >
            {list.map((l) => (
              <tr key={l._id} data-testid="location-row">
                <td>
                  <button type="button" className="tpl-link" onClick={() => setEditing(l)}>
                    {l.name}
                  </button>
                  <div className="auto-hint">
                    {l.latitude}, {l.longitude}
                  </div>
                </td>
                <td className="hide-md wrap">
                  {[l.address, l.sub_district, l.district, l.province, l.postcode]
                    .filter(Boolean)
                    .join(' ') || '-'}
                </td>
                <td>{l.open_time && l.close_time ? `${l.open_time}–${l.close_time}` : '-'}</td>
                <td className="hide-md">{l.telephone || l.mobile || '-'}</td>
                <td>
                  <StatusBadge
                    on={l.isActive === 'Active'}
                    onLabel={t('location.status.Active')}
                    offLabel={t('location.status.Disactive')}
                  />
                </td>
                <EditDeleteCell onEdit={() => setEditing(l)} onDelete={() => askDelete(l)} />
              </tr>
            ))}
          </ListTable>
        ) : null}
      </section>
      {editing ? <LocationEditor location={edited} onClose={closeEditor} onSaved={afterSave(load)} /> : null}
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        detail={deleting?.usedBy ? `${deleting.usedBy} ${t('location.deleteUsed')}` : null}
        remove={async ({ location: target }) => {
          await api(`/api/location/${target._id}`, { method: 'DELETE' });
          notifyDeleted();
          load();
        }}
      />
      <Toasts />
    </>
  );
}
