// The "+ Create …" button at the top right of a list page (spec 8: the empty state names it).
export function CreateButton({
  label,
  testId,
  onClick,
  disabled,
}: {
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="tpl-button primary"
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      + {label}
    </button>
  );
}
