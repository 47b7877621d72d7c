// CSV for the exports (transactions, profit).

/**
 * RFC 4180: quote a field holding a comma, quote or line break; double its quotes. Text that a
 * spreadsheet would run as a formula (a shop named `=HYPERLINK(…)`) gets a leading apostrophe
 * (OWASP "CSV injection"); numbers stay numbers.
 */
export const csvField = (value: unknown) => {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
export const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(',')}\r\n`;

