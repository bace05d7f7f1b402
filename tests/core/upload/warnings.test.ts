import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_LIMITS } from '../../../core/upload/limits';
import { limitsSummary, UPLOAD_WARNING_TITLE, UPLOAD_WARNINGS } from '../../../core/upload/warnings';

describe('spec 8: file warnings', () => {
  it("are titled Something's wrong", () => expect(UPLOAD_WARNING_TITLE).toBe("Something's wrong"));
  it('carry the spec texts', () => {
    expect(UPLOAD_WARNINGS).toEqual({
      tooLarge: 'Too large file size',
      notAllowed: 'Not allow file type',
      noResolution: 'Image have no resolution',
      checkAgain: 'Please check your files again',
      notMatchResolution: 'Not match resolution',
    });
  });
  it('spec 8: the limits per image, video, document in MB', () => {
    expect(limitsSummary(DEFAULT_UPLOAD_LIMITS)).toBe('Image 10 MB, Video 50 MB, Document 50 MB');
  });
});
