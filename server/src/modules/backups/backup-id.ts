/**
 * A backup's folder name is its UTC time to the millisecond, with the colons a Windows share or a
 * restic repository would stumble on replaced: 2026-11-23T18-05-00.123Z. Names sort as times do.
 */
const ID = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(\.\d{3})Z$/;

export const backupIdAt = (ms: number) => new Date(ms).toISOString().replace(/:/g, "-");

export const isBackupId = (name: string) => ID.test(name);

/** The time a backup id names, as ISO-8601; undefined for any other name. */
export function timeOfBackupId(name: string): string | undefined {
  const m = ID.exec(name);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}${m[5]}Z` : undefined;
}
