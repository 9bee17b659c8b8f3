/** Tag entry: trimmed; nothing happens when it is empty or already present. */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim();
  if (!tag || tags.includes(tag)) return [...tags];
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}
