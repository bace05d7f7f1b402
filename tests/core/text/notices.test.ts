import { describe, expect, it } from 'vitest';
import { DIALOGS, errorCodeLine, GENERIC_ERROR, NOTIFICATIONS } from '../../../core/text/notices';

describe('spec 5: dialog texts', () => {
  it('quotes the spec', () => {
    expect(DIALOGS.unableToSave).toEqual({
      title: 'Unable to save data',
      text: 'Please make sure all required fields are filled out correctly.',
      button: 'Close',
    });
    expect(DIALOGS.confirmSave).toBe('Are you sure you want to save changes ?');
    expect(DIALOGS.confirmDelete).toBe('Are you sure you want to delete this items ?');
    expect(DIALOGS.confirmLeave).toEqual({
      title: 'Leave without saving',
      text: 'Are you sure want to leave this page ?',
    });
    expect([DIALOGS.yes, DIALOGS.no]).toEqual(['Yes', 'No']);
  });
});

describe('spec 8: notifications and the generic error', () => {
  it('quotes the spec', () => {
    expect(NOTIFICATIONS.success).toEqual({ title: 'Success', text: 'save success' });
    expect(NOTIFICATIONS.fail).toEqual({ title: 'Fail', text: 'save fail' });
    expect(NOTIFICATIONS.errorTitle).toBe('Error !');
    expect(GENERIC_ERROR.title).toBe('Sorry, something went wrong with the system.');
    expect(GENERIC_ERROR.text).toBe('Please contact the staff or try again.');
  });
  it.each([
    ['E42', 'db down', 'Error code : E42 : db down'],
    [500, 'x', 'Error code : 500 : x'],
    [null, undefined, 'Error code :  : '],
  ])('errorCodeLine(%j, %j)', (code, detail, line) => expect(errorCodeLine(code, detail)).toBe(line));
});
