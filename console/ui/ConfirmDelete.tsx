// Spec 5: a delete asks Yes / No first. Yes closes the question, then runs `remove`; a failure
// shows the "Fail" toast unless the page handles it itself. One in the template look (automation,
// broadcast, templates, rich menu, location) and one in the settings look.
import type { ReactNode } from 'react';
import { t } from '../app/i18n';
import { failed, notify as notifySettings } from '../settings/ui';
import { ConfirmDialog } from '../templates/Dialog';
import { notify, notifyFailed } from '../templates/Toasts';
import { Confirm } from './Dialog';

export function ConfirmDelete<T>({
  item,
  onClose,
  remove,
  onError = () => notifyFailed(),
  title = t('automation.delete'),
  text = t('automation.confirmDelete'),
  detail,
}: {
  /** What to delete; nothing shows while null. */
  item: T | null;
  onClose: () => void;
  remove: (item: T) => Promise<void>;
  onError?: (err: unknown) => void;
  title?: string;
  text?: string;
  /** A line under the question naming what else the deletion touches. */
  detail?: ReactNode;
}) {
  if (item === null) return null;
  return (
    <ConfirmDialog
      title={title}
      text={text}
      detail={detail}
      danger
      onNo={onClose}
      onYes={async () => {
        onClose();
        try {
          await remove(item);
        } catch (err) {
          onError(err);
        }
      }}
    />
  );
}

/** A list page's delete in the template look, its texts from the page's locale namespace:
 *  on Yes, `remove`, "Success / deleted", then `onDeleted`; a failure says "Fail / not deleted". */
export function ConfirmListDelete<T>({
  texts,
  item,
  onClose,
  remove,
  onDeleted,
}: {
  texts: 'broadcast' | 'templates';
  item: T | null;
  onClose: () => void;
  remove: (item: T) => Promise<unknown>;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDelete
      item={item}
      title={t(`${texts}.delete`)}
      text={t(`${texts}.confirm.delete`)}
      onClose={onClose}
      remove={async (row) => {
        await remove(row);
        notify('success', t(`${texts}.notify.success`), t(`${texts}.notify.deleteSuccess`));
        onDeleted();
      }}
      onError={() => notify('error', t(`${texts}.notify.fail`), t(`${texts}.notify.deleteFail`))}
    />
  );
}

/** The automation screens' "Success / deleted" toast. */
export const notifyDeleted = () =>
  notify('success', t('automation.notify.success'), t('automation.notify.deleted'));

/** The settings-look delete: "Success / Delete success" after, the server's reason on failure. */
export function ConfirmDeleteSetting<T>({
  item,
  onClose,
  remove,
  onDeleted,
  detail,
}: {
  item: T | null;
  onClose: () => void;
  remove: (item: T) => Promise<unknown>;
  onDeleted: () => void;
  /** A line under the question naming what goes, e.g. how many chats use a tag. */
  detail?: (item: T) => ReactNode;
}) {
  if (item === null) return null;
  return (
    <Confirm
      title={t('settings.common.deleteTitle')}
      text={t('settings.common.deleteConfirm')}
      danger
      onYes={async () => {
        onClose();
        try {
          await remove(item);
          notifySettings('success', t('settings.common.success'), t('settings.common.deleteSuccess'));
          onDeleted();
        } catch (err) {
          failed(err);
        }
      }}
      onNo={onClose}
    >
      {detail ? <p className="muted">{detail(item)}</p> : null}
    </Confirm>
  );
}
