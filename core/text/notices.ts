// Fixed user-facing texts of spec 5 (dialogs) and spec 8 (notifications, generic error), kept in
// one place so console, widget and server quote them identically. Locales may translate them by key.

export const DIALOGS = {
  unableToSave: {
    title: 'Unable to save data',
    text: 'Please make sure all required fields are filled out correctly.',
    button: 'Close',
  },
  confirmSave: 'Are you sure you want to save changes ?',
  confirmDelete: 'Are you sure you want to delete this items ?',
  confirmLeave: { title: 'Leave without saving', text: 'Are you sure want to leave this page ?' },
  yes: 'Yes',
  no: 'No',
} as const;

export const NOTIFICATIONS = {
  success: { title: 'Success', text: 'save success' },
  fail: { title: 'Fail', text: 'save fail' },
  errorTitle: 'Error !',
} as const;

export const GENERIC_ERROR = {
  title: 'Sorry, something went wrong with the system.',
  text: 'Please contact the staff or try again.',
} as const;

/** Spec 8: 'Error code : {code} : {detail}'. */
export function errorCodeLine(code: unknown, detail: unknown): string {
  const part = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return `Error code : ${part(code)} : ${part(detail)}`;
}

/** Report tables note that sent-message numbers update daily (spec 8). */
export const REPORT_UPDATE_NOTE = 'Sent-message numbers update daily at about 2 am (GMT+9).';
