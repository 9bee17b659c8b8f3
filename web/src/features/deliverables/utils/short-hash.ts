/** A SHA-256 as a person compares it at a glance: its first and last characters. */
export const shortHash = (sha256: string) => `${sha256.slice(0, 8)}…${sha256.slice(-4)}`;
