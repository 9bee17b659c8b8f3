/** Every team read sits under `team`, so one invalidation after a change refreshes the table. */
export const teamKeys = {
  all: ["team"] as const,
  members: () => [...teamKeys.all, "members"] as const,
};

/** What every team change refreshes. */
export const TEAM_WRITE_INVALIDATES = [teamKeys.all] as const;
