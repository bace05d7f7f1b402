// A field's error in the console's language: core's and the server's English messages (spec 5)
// turn Thai under /th in every form that shows errors through FormField or FieldErrorText.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { locale } from '../../../console/app/i18n';
import { FieldErrorText } from '../../../console/ui/FieldErrorText';
import { TextField } from '../../../console/ui/FormField';
import { MESSAGES } from '../../../core/validation/rules';
import { defaultWidgetSettings, validateWidgetSettings } from '../../../core/widget/settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
afterEach(() => {
  container?.remove();
  locale.value = 'en';
});

function render(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return root;
}

describe('field errors', () => {
  it('shows spec 5 messages in Thai under /th, and in English otherwise', () => {
    locale.value = 'th';
    const root = render(
      <>
        <TextField label="Name" value="" onChange={() => {}} error={MESSAGES.required} />
        <FieldErrorText message={MESSAGES.email} />
        <FieldErrorText message={MESSAGES.maxLength(50)} />
      </>,
    );
    expect([...container.querySelectorAll('small.error')].map((e) => e.textContent)).toEqual([
      'กรุณากรอกข้อมูลในช่องนี้',
      'รูปแบบอีเมลไม่ถูกต้อง',
      'กรุณากรอกไม่เกิน 50 ตัวอักษร',
    ]);
    act(() => {
      locale.value = 'en';
    });
    expect(container.querySelector('small.error')?.textContent).toBe('This field is required.');
    act(() => root.unmount());
  });

  it("shows the widget settings modal's own messages in Thai under /th", () => {
    locale.value = 'th';
    const errors = validateWidgetSettings({
      ...defaultWidgetSettings('Shop'),
      pre_chat_form_fields: [{ key: '1bad', label: 'Name', type: 'text', required: false }],
      ice_breakers: Array(6).fill('Hi'),
    });
    const root = render(errors.map((e) => <FieldErrorText key={e.field} message={e.message} />));
    expect([...container.querySelectorAll('small.error')].map((e) => e.textContent)).toEqual([
      'รูปแบบคีย์ไม่ถูกต้อง',
      'ได้สูงสุด 5 รายการ',
    ]);
    act(() => root.unmount());
  });

  it('shows a message it does not know as it is, and nothing without a message', () => {
    const root = render(
      <>
        <FieldErrorText message="This name is taken." />
        <FieldErrorText message={null} />
      </>,
    );
    expect([...container.querySelectorAll('small')].map((e) => e.textContent)).toEqual([
      'This name is taken.',
    ]);
    act(() => root.unmount());
  });
});
