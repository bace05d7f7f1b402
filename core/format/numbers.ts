// Numbers with thousands commas and file sizes (spec 9). Sizes use 1000 steps so a file shown as
// "10 MB" is exactly at the 10 MB upload limit (MB x 1,000,000 bytes, spec 5).

/** 1234567.5 → '1,234,567.5'; not a finite number → '0'. */
export function formatNumber(value: unknown, maxDecimals = 2): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '0';
  const [whole, fraction] = Math.abs(n).toFixed(maxDecimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction?.replace(/0+$/, '');
  const sign = n < 0 && (Number(whole) > 0 || Boolean(trimmed)) ? '-' : '';
  return `${sign}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

export const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatFileSize(bytes: unknown): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log10(bytes) / 3));
  const value = bytes / 1000 ** unit;
  return `${unit === 0 ? Math.round(value) : formatNumber(Number(value.toFixed(2)))} ${SIZE_UNITS[unit]}`;
}
