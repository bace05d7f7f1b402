import { assert } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { CHAT_EXPORT_PATHS, chatExportRequest } from '../../../core/chat/exportRequest';
import { ChatExportRequest } from '../../../core/models/chat';

describe('spec 7, 9: chat export request', () => {
  it('follower_id, type, start_date, end_date over the spec 9 range', () => {
    const body = chatExportRequest('f1', 'zip', new Date(2024, 4, 15));
    expect(body).toEqual({
      follower_id: 'f1',
      type: 'zip',
      start_date: '2024-03-01',
      end_date: '2024-05-31',
    });
    expect(() => assert(body, ChatExportRequest)).not.toThrow();
  });
  it('spec 7: Excel and zip endpoints', () => {
    expect(CHAT_EXPORT_PATHS).toEqual({ excel: '/api/chat/export', zip: '/api/chat/export-zip' });
  });
  it('the struct refuses bad dates and unknown keys', () => {
    expect(() =>
      assert(
        { follower_id: 'f', type: 'zip', start_date: '01/03/2024', end_date: '2024-05-31' },
        ChatExportRequest,
      ),
    ).toThrow();
    expect(() =>
      assert(
        { follower_id: 'f', type: 'pdf', start_date: '2024-03-01', end_date: '2024-05-31' },
        ChatExportRequest,
      ),
    ).toThrow();
    expect(() =>
      assert(
        { follower_id: 'f', type: 'excel', start_date: '2024-03-01', end_date: '2024-05-31', x: 1 },
        ChatExportRequest,
      ),
    ).toThrow();
  });
});
