const UNITS = ["Bytes", "KB", "MB", "GB", "TB"] as const;

/** A file size for people (spec 2 §9): Bytes to TB, base 1024, up to two decimals. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** unit;
  return `${unit === 0 ? value : Number(value.toFixed(2))} ${UNITS[unit]}`;
}
