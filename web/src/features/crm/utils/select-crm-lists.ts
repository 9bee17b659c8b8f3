import type { Brief, BriefStatus, CrmSession, NurtureCandidate } from "@/features/crm/data/sample-crm";
import { daysBetween } from "@/lib/format";

/** Spec §9: talent with no activity for 30 days or more needs nurturing. */
export const NURTURE_AFTER_DAYS = 30;
/** Spec §9: the A&R dashboard looks 7 days ahead for sessions. */
export const UPCOMING_SESSION_DAYS = 7;

export function selectNurtureQueue(candidates: readonly NurtureCandidate[], now: Date = new Date()) {
  return candidates
    .filter((candidate) => daysBetween(candidate.last_activity_at, now) >= NURTURE_AFTER_DAYS)
    .sort((a, b) => a.last_activity_at.localeCompare(b.last_activity_at));
}

export function selectUpcomingSessions(sessions: readonly CrmSession[], now: Date = new Date()) {
  const end = now.getTime() + UPCOMING_SESSION_DAYS * 24 * 60 * 60 * 1000;
  return sessions
    .filter((session) => {
      const startsAt = new Date(session.starts_at).getTime();
      return startsAt >= now.getTime() && startsAt <= end;
    })
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** The briefs board: every column present (even empty), holding the briefs whose title or client match. */
export function groupBriefsByStatus(briefs: readonly Brief[], search: string) {
  const needle = search.trim().toLowerCase();
  const matches = needle
    ? briefs.filter((brief) => `${brief.title} ${brief.client}`.toLowerCase().includes(needle))
    : briefs;
  const columns: Record<BriefStatus, Brief[]> = {
    draft: [],
    sourcing: [],
    in_session: [],
    in_review: [],
    shipped: [],
  };
  for (const brief of matches) columns[brief.status].push(brief);
  return columns;
}
