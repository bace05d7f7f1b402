// The server's and core's English messages reach the user in the console's language, wherever
// they are shown: under a field, in a toast, in the inbox's notice.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '../../../console/app/i18n';
import { knownMessage, localMessage } from '../../../console/app/localMessage';
import { ApiError } from '../../../console/session/api';
import { failed, Toasts } from '../../../console/settings/ui';
import { API_MESSAGES } from '../../../core/apis/connection';
import { CONVERT_MESSAGES } from '../../../core/automation/replyConvert';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';
import { VERIFICATION_MESSAGES } from '../../../core/verification/settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement | undefined;
afterEach(() => {
  container?.remove();
  locale.value = 'en';
});

describe('localMessage', () => {
  it("says a server refusal and a rule's message in Thai under /th, in English otherwise", () => {
    locale.value = 'th';
    expect(localMessage(SERVER_MESSAGES.takenByOther)).toBe('แชตนี้ถูกเจ้าหน้าที่คนอื่นรับไปแล้ว');
    expect(localMessage(SERVER_MESSAGES.closeNotAllowed)).toBe('ปิดแชตนี้ได้เฉพาะเจ้าหน้าที่ที่ดูแลแชตหรือผู้ดูแลระบบเท่านั้น');
    expect(localMessage(API_MESSAGES.slug)).toBe('ใช้ได้เฉพาะตัวอักษร ตัวเลข - และ _ เท่านั้น');
    expect(localMessage(VERIFICATION_MESSAGES.noFields)).toBe('กรุณาเพิ่มอย่างน้อย 1 ช่อง');
    expect(localMessage(SERVER_MESSAGES.fieldLocked('ระดับสมาชิก'))).toBe('คุณไม่มีสิทธิ์เปลี่ยนช่องข้อมูล "ระดับสมาชิก"');
    locale.value = 'en';
    expect(localMessage(SERVER_MESSAGES.takenByOther)).toBe(SERVER_MESSAGES.takenByOther);
  });

  it('shows a message no list knows as it was written; knownMessage says null for it', () => {
    locale.value = 'th';
    expect(localMessage('An old reason in English')).toBe('An old reason in English');
    expect(knownMessage('An old reason in English')).toBeNull();
    expect(knownMessage(undefined)).toBeNull();
  });

  it("says why a delivery failed in Thai, the platform's own words and the system's as they were written", () => {
    locale.value = 'th';
    expect(localMessage(SERVER_MESSAGES.platformAnswered('LINE', 400, 'Invalid reply token'))).toBe(
      'LINE ตอบกลับด้วยรหัส 400: Invalid reply token',
    );
    expect(localMessage(SERVER_MESSAGES.platformAnswered('LINE', 400, 'Bad: a (b)'))).toBe(
      'LINE ตอบกลับด้วยรหัส 400: Bad: a (b)',
    );
    expect(localMessage(SERVER_MESSAGES.platformAnsweredBare('Messenger', 403))).toBe(
      'Messenger ตอบกลับด้วยรหัส 403',
    );
    expect(localMessage(SERVER_MESSAGES.platformNotJson('WeChat'))).toBe('WeChat ตอบกลับข้อมูลที่ไม่ใช่ JSON');
    expect(localMessage(SERVER_MESSAGES.platformNoAnswer('LINE'))).toBe(
      'ติดต่อ LINE ไม่ได้ (ไม่มีการตอบกลับภายในเวลาที่กำหนด)',
    );
    expect(localMessage(SERVER_MESSAGES.platformUnreachable('LINE', 'fetch failed'))).toBe(
      'ติดต่อ LINE ไม่ได้ (fetch failed)',
    );
    expect(localMessage(SERVER_MESSAGES.pictureUnreachable('fetch failed'))).toBe(
      'ติดต่อแหล่งรูปภาพไม่ได้ (fetch failed)',
    );
    expect(localMessage(SERVER_MESSAGES.broadcastExpired(24))).toBe('ไม่ได้ส่งภายใน 24 ชั่วโมงจากเวลาที่กำหนด');
    expect(localMessage(SERVER_MESSAGES.channelNotConnected)).toBe('ช่องทางนี้ไม่ได้เชื่อมต่อ');
    // Our own problems inside "cannot take this message" are translated too; field names stay.
    expect(
      localMessage(
        SERVER_MESSAGES.cannotTakeMessage(
          'WeChat',
          `messages[0]: ${CONVERT_MESSAGES.stickerWeChat}; something else`,
        ),
      ),
    ).toBe(
      `WeChat รับข้อความนี้ไม่ได้: messages[0]: ${localMessage(CONVERT_MESSAGES.stickerWeChat)}; something else`,
    );
  });

  it("a refused save's toast gives the server's reason in Thai", () => {
    locale.value = 'th';
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<Toasts />));
    act(() => failed(new ApiError(409, SERVER_MESSAGES.tagTaken, 'conflict', 'name')));
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('มีแท็กชื่อนี้อยู่แล้ว');
    act(() => root.unmount());
  });
});
