// The search field of a list page's toolbar; its placeholder is also its accessible name.
export function SearchBox({
  className,
  label,
  value,
  onChange,
}: {
  className: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="search"
      className={className}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
