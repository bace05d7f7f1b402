import { describe, expect, it } from 'vitest';
import {
  cappedProgress,
  PROGRESS_CAP,
  preparedUpload,
  UPLOAD_CANCEL_MESSAGE,
  UPLOAD_STATES,
  uploadAnswered,
  uploadCancelled,
  uploadProgressed,
  uploadStarted,
} from '../../../core/upload/progress';

describe('spec 4, 8, 9: upload states and progress', () => {
  it('states and texts are the spec ones', () => {
    expect([...UPLOAD_STATES]).toEqual(['prepare', 'sending', 'success', 'fail', 'cancel']);
    expect(PROGRESS_CAP).toBe(95);
    expect(UPLOAD_CANCEL_MESSAGE).toBe('Operation canceled by the user.');
  });
  it.each([
    [0, 100, 0],
    [50, 100, 50],
    [95, 100, 95],
    [96, 100, 95],
    [100, 100, 95],
    [1, 0, 0],
    [Number.NaN, 100, 0],
    [null, 100, 0],
  ])('spec 9: cappedProgress(%j, %j) = %i', (loaded, total, pct) =>
    expect(cappedProgress(loaded, total)).toBe(pct),
  );

  it('prepare → sending → success at 100 only on status 200', () => {
    let item = uploadStarted(preparedUpload('t1'));
    expect(item).toMatchObject({ state: 'sending', progress: 0 });
    item = uploadProgressed(item, 100, 100);
    expect(item.progress).toBe(95);
    item = uploadProgressed(item, 10, 100);
    expect(item.progress).toBe(95);
    expect(uploadAnswered(item, 200)).toMatchObject({ state: 'success', progress: 100 });
  });
  it.each([201, 400, 413, 500, 0])('spec 8: status %i marks the file fail with progress 0', (status) => {
    const item = uploadProgressed(uploadStarted(preparedUpload('t')), 80, 100);
    expect(uploadAnswered(item, status)).toMatchObject({ state: 'fail', progress: 0 });
  });
  it('spec 8: cancel marks cancel with the message, and a late answer does not undo it', () => {
    const cancelled = uploadCancelled(uploadStarted(preparedUpload('t')));
    expect(cancelled).toMatchObject({
      state: 'cancel',
      progress: 0,
      message: 'Operation canceled by the user.',
    });
    expect(uploadAnswered(cancelled, 200)).toBe(cancelled);
    expect(uploadProgressed(cancelled, 50, 100)).toBe(cancelled);
  });
  it('a finished upload cannot be cancelled', () => {
    const done = uploadAnswered(uploadStarted(preparedUpload('t')), 200);
    expect(uploadCancelled(done)).toBe(done);
  });
});
