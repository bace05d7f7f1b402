// The sign-in page, the invitation page and the create-account modal say every refusal in the
// console's language and never hide one: a deactivated user is told so (not "cannot reach the
// server"), a refusal naming a field the page does not show appears above the form, and a LINE
// channel id with letters names its field in Thai before anything is sent.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGES } from '../../../core/text/serverMessages';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../console/session/api', async (original) => ({
  ...(await original<typeof import('../../../console/session/api')>()),
  api,
}));

const { locale } = await import('../../../console/app/i18n');
const { ApiError } = await import('../../../console/session/api');
const { LoginPage } = await import('../../../console/pages/LoginPage');
const { default: InvitePage } = await import('../../../console/settings/InvitePage');
const { CreateAccountModal } = await import('../../../console/accounts/CreateAccountModal');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  locale.value = 'th';
  api.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  locale.value = 'en';
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const input = (selector: string) => container.querySelector(selector) as HTMLInputElement;
const click = (el: Element | null) => act(() => (el as HTMLElement).click());

describe('sign-in page', () => {
  it("says 'required' under each empty field in Thai under /th", async () => {
    act(() => root.render(<LoginPage />));
    click(container.querySelector('button[type=submit]'));
    await settle();
    const errors = [...container.querySelectorAll('.field-error')].map((e) => e.textContent);
    expect(errors).toEqual(['กรุณากรอกข้อมูลในช่องนี้', 'กรุณากรอกข้อมูลในช่องนี้']);
    expect(api).not.toHaveBeenCalled();
  });

  it('tells a deactivated user so, in Thai, instead of blaming the connection', async () => {
    api.mockRejectedValue(new ApiError(403, SERVER_MESSAGES.deactivated, 'deactivated'));
    act(() => root.render(<LoginPage />));
    type(input('input[name=email]'), 'agent@example.com');
    type(input('input[name=password]'), 'AgentPass1!');
    click(container.querySelector('button[type=submit]'));
    await settle();
    expect(container.querySelector('.form-error')?.textContent).toBe('ผู้ใช้นี้ถูกระงับการใช้งานแล้ว');
  });
});

describe('invitation page', () => {
  it('shows a refusal about the e-mail (which the page has no field for) above the form, in Thai', async () => {
    api.mockImplementation(async (path: string) => {
      if (path === '/api/auth/invitation')
        return { email: 'twice@example.com', account_name: 'Shop B', role: 'Agent', expires_at: '' };
      throw new ApiError(409, SERVER_MESSAGES.emailHasUser, 'conflict', 'email');
    });
    act(() => root.render(<InvitePage params={{ token: 'x'.repeat(43) }} titleKey="" />));
    await settle();
    type(input('input[name=password]'), 'Twice@12345');
    type(input('input[name=password-again]'), 'Twice@12345');
    click(container.querySelector('button[type=submit]'));
    await settle();
    expect(api).toHaveBeenCalledWith('/api/auth/invitation/accept', expect.anything());
    expect(container.querySelector('.form-error')?.textContent).toBe('อีเมลนี้มีผู้ใช้อยู่แล้ว กรุณาเข้าสู่ระบบแทน');
  });

  it('a link that is no longer valid says so and leads to sign in', async () => {
    api.mockImplementation(async () => {
      throw new ApiError(404, SERVER_MESSAGES.invitationExpired, 'not_found');
    });
    act(() => root.render(<InvitePage params={{ token: 'x'.repeat(43) }} titleKey="" />));
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('ลิงก์คำเชิญนี้ใช้ไม่ได้');
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'ไปที่หน้าเข้าสู่ระบบ');
    expect(button).toBeDefined();
  });
});

describe('create-account modal', () => {
  it("names a LINE channel id's wrong form in Thai and sends nothing", async () => {
    act(() => root.render(<CreateAccountModal onClose={() => {}} onCreated={() => {}} />));
    const dialog = () => document.body.querySelector('[role=dialog]') as HTMLElement;
    const select = dialog().querySelector('select') as HTMLSelectElement;
    act(() => {
      select.value = 'line';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const inputs = [...dialog().querySelectorAll('input')] as HTMLInputElement[];
    type(inputs[0], 'Third shop');
    type(inputs[1], 'LINE OA');
    type(inputs[2], 'abc');
    type(inputs[3], '0123abcd');
    type(inputs[4], 'token');
    click(dialog().querySelector('button.primary'));
    await settle();
    expect([...dialog().querySelectorAll('small.error')].map((e) => e.textContent)).toEqual([
      'Channel ID ต้องเป็นตัวเลข 0–9 เท่านั้น',
    ]);
    expect(api).not.toHaveBeenCalled();
  });
});
