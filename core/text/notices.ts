// Fixed user-facing texts of spec 5 (dialogs) and spec 8 (notifications, generic error). The words
// live once, in locales/ (en and th); these are their keys, so console, widget and server all
// quote the same text and a change in the locale changes the product everywhere.

export const DIALOG_KEYS = {
  unableToSave: {
    title: 'notices.unableToSave.title',
    text: 'notices.unableToSave.text',
    button: 'notices.close',
  },
  confirmSave: 'notices.confirmSave',
  confirmDelete: 'notices.confirmDelete',
  confirmLeave: { title: 'notices.confirmLeave.title', text: 'notices.confirmLeave.text' },
  yes: 'notices.yes',
  no: 'notices.no',
} as const;

export const NOTIFICATION_KEYS = {
  success: { title: 'notices.success.title', text: 'notices.success.text' },
  fail: { title: 'notices.fail.title', text: 'notices.fail.text' },
  errorTitle: 'error.title',
} as const;

/** Spec 8: the generic error, then 'Error code : {code} : {detail}' (params code, detail). */
export const GENERIC_ERROR_KEYS = {
  title: 'error.generic',
  text: 'error.contact',
  codeLine: 'error.code',
} as const;
