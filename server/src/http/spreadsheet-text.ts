/**
 * Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) kept
 * text by a leading apostrophe, for every CSV the server writes: its cells come from what people typed
 * or imported.
 */
export const spreadsheetText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
