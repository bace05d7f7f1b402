// /setting/users (spec 2: invite user, edit user): the team, pending invitations and roles.
// We send no e-mail: inviting shows a one-time link to copy and pass on.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import type { Access, Area } from '../../core/access/areas';
import { roleLabel } from '../../core/access/roleNames';
import { formatDate } from '../../core/format/dates';
import { isEmail, MESSAGES } from '../../core/validation/rules';
import { locale, t } from '../app/i18n';
import type { PageProps } from '../app/pages';
import { PageHeader } from '../pages/PageHeader';
import { canDo } from '../session/access';
import { currentAccount } from '../session/state';
import { Confirm, ConfirmSave, Modal } from '../ui/Dialog';
import { FormField, TextField } from '../ui/FormField';
import { SaveCancel } from '../ui/FormModal';
import { SettingsTable } from '../ui/ListTable';
import { type FieldErrors, useFieldSave } from '../ui/useFieldSave';
import {
  cancelInvitation,
  getRoles,
  getUsers,
  type Invitation,
  inviteUser,
  type Member,
  newInvitationLink,
  type RoleFull,
  setUserActive,
  updateUser,
} from './calls';
import { NameFields, namesProblems } from './NameFields';
import { PermissionSummary, RolesTab } from './RolesTab';
import { EmptyState, failed, notify, saved, Toasts } from './ui';

function assignable(roles: RoleFull[]): RoleFull[] {
  const mine = currentAccount.value?.role.level ?? 99;
  return roles.filter((r) => mine === 1 || r.level > mine);
}

function LinkBox({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="st-field">
      <span>{t('settings.users.link')}</span>
      <div className="st-linkbox">
        <input
          className="st-input"
          readOnly
          value={link}
          aria-label={t('settings.users.link')}
          data-testid="invite-link"
        />
        <button
          type="button"
          className="st-button"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? t('settings.users.copied') : t('settings.users.copy')}
        </button>
      </div>
      <small className="hint">{t('settings.users.linkHint')}</small>
    </div>
  );
}

function InviteDialog({
  roles,
  onClose,
  onDone,
}: {
  roles: RoleFull[];
  onClose: () => void;
  onDone: () => void;
}) {
  const choices = assignable(roles);
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState(choices[choices.length - 1]?._id ?? '');
  const { errors, busy, run } = useFieldSave();
  const [link, setLink] = useState<string | null>(null);
  const submit = () => {
    const next: FieldErrors = {};
    if (!email.trim()) next.email = MESSAGES.required;
    else if (!isEmail(email.trim())) next.email = MESSAGES.email;
    if (!roleId) next.role_id = MESSAGES.required;
    return run(async () => {
      const r = await inviteUser(email.trim(), roleId, locale.value);
      onDone();
      if (r.link) setLink(r.link);
      else {
        notify('success', t('settings.common.success'), t('settings.users.added'));
        onClose();
      }
    }, next);
  };
  return (
    <Modal
      title={t('settings.users.invite')}
      onClose={onClose}
      footer={
        <SaveCancel
          onCancel={onClose}
          onSave={submit}
          busy={busy}
          saveLabel={t('settings.users.sendInvite')}
          done={link !== null}
        />
      }
    >
      {link ? (
        <div className="st-form">
          <p className="st-note">{t('settings.users.invited', { email: email.trim() })}</p>
          <LinkBox link={link} />
        </div>
      ) : (
        <form
          className="st-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('settings.users.email')}
            type="email"
            name="invite-email"
            value={email}
            error={errors.email}
            onChange={setEmail}
            autoFocus
          />
          <FormField label={t('settings.users.role')} error={errors.role_id}>
            <select
              className="st-select"
              name="invite-role"
              value={roleId}
              onChange={(e) => setRoleId(e.target.value)}
            >
              {choices.map((r) => (
                <option key={r._id} value={r._id}>
                  {roleLabel(r, t)}
                </option>
              ))}
            </select>
          </FormField>
          {roles.find((r) => r._id === roleId) ? (
            <div className="st-field">
              <span>{t('settings.users.rolePermissions')}</span>
              <PermissionSummary
                permissions={(roles.find((r) => r._id === roleId) as RoleFull).permissions}
              />
            </div>
          ) : null}
          <p className="muted" style={{ margin: 0 }}>
            {t('settings.users.noEmail')}
          </p>
        </form>
      )}
    </Modal>
  );
}

function EditUserDialog({
  user,
  roles,
  onClose,
  onSaved,
}: {
  user: Member;
  roles: RoleFull[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const choices = assignable(roles);
  const [form, setForm] = useState({
    display_name: user.display_name,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    role_id: user.role._id,
  });
  const { errors, passes, run } = useFieldSave();
  const [confirming, setConfirming] = useState(false);
  const set = (k: keyof typeof form, v: string) => setForm({ ...form, [k]: v });
  const save = () => {
    setConfirming(false);
    return run(async () => {
      await updateUser(user._id, form);
      saved();
      onSaved();
    });
  };
  const role = roles.find((r) => r._id === form.role_id);
  return (
    <Modal
      title={t('settings.users.edit')}
      onClose={onClose}
      footer={
        <SaveCancel onCancel={onClose} onSave={() => passes(namesProblems(form)) && setConfirming(true)} />
      }
    >
      <div className="st-form">
        <p className="muted" style={{ margin: 0 }}>
          {user.email}
        </p>
        <NameFields names={form} errors={errors} onChange={set} />
        <FormField label={t('settings.users.role')} error={errors.role_id}>
          <select className="st-select" value={form.role_id} onChange={(e) => set('role_id', e.target.value)}>
            {choices.some((r) => r._id === user.role._id) ? null : (
              <option value={user.role._id}>{roleLabel(user.role, t)}</option>
            )}
            {choices.map((r) => (
              <option key={r._id} value={r._id}>
                {roleLabel(r, t)}
              </option>
            ))}
          </select>
        </FormField>
        {role ? (
          <div className="st-field">
            <span>{t('settings.users.rolePermissions')}</span>
            <PermissionSummary permissions={role.permissions} />
            <small className="hint">{t('settings.users.rolePermissionsHint')}</small>
          </div>
        ) : null}
      </div>
      {confirming ? <ConfirmSave onYes={() => void save()} onNo={() => setConfirming(false)} /> : null}
    </Modal>
  );
}

export default function UsersPage({ titleKey }: PageProps) {
  useSignals();
  const [tab, setTab] = useState<'users' | 'roles'>('users');
  const [users, setUsers] = useState<{ list: Member[]; invitations: Invitation[] } | null>(null);
  const [roles, setRoles] = useState<{ list: RoleFull[]; areas: { area: Area; choices: Access[] }[] }>({
    list: [],
    areas: [],
  });
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [toggling, setToggling] = useState<Member | null>(null);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const [renewing, setRenewing] = useState<Invitation | null>(null);
  const [links, setLinks] = useState<Record<string, string>>({});
  const mayWrite = canDo('users', 'write');
  const load = useCallback(() => {
    getUsers()
      .then(setUsers)
      .catch((err) => failed(err));
    getRoles()
      .then(setRoles)
      .catch(() => {});
  }, []);
  useEffect(() => load(), [load]);

  const toggle = async (m: Member) => {
    setToggling(null);
    try {
      await setUserActive(m._id, m.status !== 'active');
      saved();
      load();
    } catch (err) {
      failed(err);
    }
  };
  const inviteButton = mayWrite ? (
    <button type="button" className="st-button primary" onClick={() => setInviting(true)}>
      + {t('settings.users.invite')}
    </button>
  ) : null;

  return (
    <div className="st-page">
      <PageHeader title={t(titleKey)}>{tab === 'users' ? inviteButton : null}</PageHeader>
      <div className="st-tabs" role="tablist">
        {(['users', 'roles'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
          >
            {t(`settings.users.tab.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'roles' ? (
        <RolesTab roles={roles.list} areas={roles.areas} mayWrite={mayWrite} onChanged={load} />
      ) : null}
      {tab === 'users' && users ? (
        <>
          {users.list.length <= 1 && users.invitations.length === 0 ? (
            <EmptyState
              title={t('settings.users.alone')}
              text={t('settings.users.aloneText')}
              action={inviteButton}
            />
          ) : null}
          <SettingsTable
            withActions={mayWrite}
            head={
              <>
                <th scope="col">{t('settings.users.name')}</th>
                <th scope="col">{t('settings.users.role')}</th>
                <th scope="col" className="st-hide-narrow">
                  {t('settings.users.phone')}
                </th>
                <th scope="col">{t('settings.users.status')}</th>
              </>
            }
          >
            {users.list.map((m) => (
              <tr key={m._id} data-testid="user-row">
                <td>
                  <div className="st-name-cell">
                    <strong>
                      {m.display_name} {m.is_me ? <span className="muted">{t('layout.you')}</span> : null}
                    </strong>
                    <small>{m.email}</small>
                  </div>
                </td>
                <td>{roleLabel(m.role, t)}</td>
                <td className="st-hide-narrow">{m.phone || '-'}</td>
                <td>
                  <span className={`st-status${m.status === 'active' ? '' : ' off'}`}>
                    {t(`settings.users.state.${m.status}`)}
                  </span>
                </td>
                {mayWrite ? (
                  <td className="actions">
                    {m.can_edit ? (
                      <>
                        <button type="button" className="st-link" onClick={() => setEditing(m)}>
                          {t('settings.common.edit')}
                        </button>
                        <button
                          type="button"
                          className={`st-link${m.status === 'active' ? ' danger' : ''}`}
                          onClick={() => setToggling(m)}
                        >
                          {m.status === 'active'
                            ? t('settings.users.deactivate')
                            : t('settings.users.activate')}
                        </button>
                      </>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </SettingsTable>
          {users.invitations.length > 0 ? (
            <section className="st-section">
              <h2>{t('settings.users.pending')}</h2>
              <div className="st-table-card">
                <table className="st-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('settings.users.email')}</th>
                      <th scope="col">{t('settings.users.role')}</th>
                      <th scope="col" className="st-hide-narrow">
                        {t('settings.users.expires')}
                      </th>
                      {mayWrite ? <th scope="col" className="actions" /> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {users.invitations.map((inv) => (
                      <tr key={inv._id} data-testid="invitation-row">
                        <td>
                          {inv.email}
                          {links[inv._id] ? <LinkBox link={links[inv._id]} /> : null}
                        </td>
                        <td>{roleLabel(inv.role, t)}</td>
                        <td className="st-hide-narrow">
                          {inv.expired ? t('settings.users.expired') : formatDate(inv.expires_at)}
                        </td>
                        {mayWrite ? (
                          <td className="actions">
                            {inv.can_edit ? (
                              <>
                                <button type="button" className="st-link" onClick={() => setRenewing(inv)}>
                                  {t('settings.users.newLink')}
                                </button>
                                <button
                                  type="button"
                                  className="st-link danger"
                                  onClick={() => setCancelling(inv)}
                                >
                                  {t('settings.users.cancelInvite')}
                                </button>
                              </>
                            ) : null}
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
        </>
      ) : null}
      {inviting ? <InviteDialog roles={roles.list} onClose={() => setInviting(false)} onDone={load} /> : null}
      {editing ? (
        <EditUserDialog
          user={editing}
          roles={roles.list}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      ) : null}
      {toggling ? (
        <Confirm
          title={toggling.status === 'active' ? t('settings.users.deactivate') : t('settings.users.activate')}
          text={
            toggling.status === 'active'
              ? t('settings.users.deactivateConfirm', { name: toggling.display_name })
              : t('settings.users.activateConfirm', { name: toggling.display_name })
          }
          danger={toggling.status === 'active'}
          onYes={() => void toggle(toggling)}
          onNo={() => setToggling(null)}
        />
      ) : null}
      {renewing ? (
        // A new link stops the one sent before: asked first, like a delete.
        <Confirm
          title={t('settings.users.newLink')}
          text={t('settings.users.newLinkConfirm', { email: renewing.email })}
          onYes={() => {
            const inv = renewing;
            setRenewing(null);
            void newInvitationLink(inv._id, locale.value)
              .then((r) => setLinks((now) => ({ ...now, [inv._id]: r.link })))
              .catch(failed);
          }}
          onNo={() => setRenewing(null)}
        />
      ) : null}
      {cancelling ? (
        // Spec 5: a delete asks Yes / No first.
        <Confirm
          title={t('settings.users.cancelInvite')}
          text={t('settings.common.deleteConfirm')}
          danger
          onYes={() => {
            const inv = cancelling;
            setCancelling(null);
            void cancelInvitation(inv._id)
              .then(() => {
                notify('success', t('settings.common.success'), t('settings.users.cancelled'));
                load();
              })
              .catch(failed);
          }}
          onNo={() => setCancelling(null)}
        >
          <p className="muted">{cancelling.email}</p>
        </Confirm>
      ) : null}
      <Toasts />
    </div>
  );
}
