// A file's card cuts a long name to one line (380 px box): the whole name stays readable on hover.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FileCard } from '../../../widget-element/box/MessageView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('widget file card', () => {
  it('names a long file in full in its title', () => {
    const name = 'quarterly-report-final-version-2026-with-a-very-long-name_ฉบับสมบูรณ์.pdf';
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(<FileCard name={name} size={15} url="https://files.example.com/r.pdf" t={(k) => k} />),
    );
    expect(container.querySelector('.file-meta strong')?.getAttribute('title')).toBe(name);
    expect(container.querySelector('a.file-download')?.getAttribute('download')).toBe(name);
    act(() => root.unmount());
    container.remove();
  });
});
