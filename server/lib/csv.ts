/** One CSV cell: quoted when it must be, and never a formula a spreadsheet would run. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Cells a spreadsheet would run as a formula are prefixed so they stay text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
