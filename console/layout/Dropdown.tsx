// A button that opens a panel below it; closes on Escape, outside click or choosing an item.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export function Dropdown({
  label,
  button,
  children,
  align = 'end',
  width,
  className,
  onOpen,
}: {
  label: string;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  width?: number;
  className?: string;
  onOpen?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`dropdown ${className ?? ''}`} ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="topbar-button"
        // The name is the label followed by the button's own visible text (an account's name), so
        // speech users can say what they see (WCAG 2.5.3).
        aria-labelledby={`${id}-label ${id}-content`}
        title={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        <span id={`${id}-label`} className="dropdown-label">
          {label}
        </span>
        <span id={`${id}-content`} className="dropdown-button-content">
          {button}
        </span>
      </button>
      {open ? (
        <div id={id} className={`dropdown-panel align-${align}`} style={width ? { width } : undefined}>
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}
