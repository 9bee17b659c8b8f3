import { TALENT_PAGE_LIMIT } from "@app/contracts";
import { instantFromStockholm, stockholmDay } from "@app/contracts/stockholm-time";
import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Contact } from "@/features/crm/api/crm-types";
import { countRows, type ReadOptions, readTable } from "@/lib/read-table";

/** Talent with no activity for 30 days or more needs nurturing. */
export const NURTURE_AFTER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The period the dashboard's release and contract figures cover: Stockholm's calendar year so far. A
 * work's release is known to the year only, so a shorter period could not count releases honestly.
 */
export function reportingYear(now: Date = new Date()) {
  const year = stockholmDay(now).slice(0, 4);
  return { year: Number(year), startsAt: instantFromStockholm(`${year}-01-01`, "00:00").toISOString() };
}

/**
 * The A&R dashboard's figures: matches made (talent linked to briefs), sessions booked (every session
 * not cancelled), active briefs, and this year's releases (works marked Released) and fully signed
 * documents. A fully signed document is frozen, so its last change is when its last signature came.
 */
export function useArFigures() {
  const period = reportingYear();
  return useQuery({
    queryKey: crmKeys.figures(`a-and-r-${period.year}`),
    queryFn: async ({ signal }) => {
      const [matchesMade, sessionsBooked, activeBriefs, newReleases, contractsSigned] = await Promise.all([
        countRows("crm_brief_talent", {}, signal),
        countRows("studio_sessions", { filters: { status: "neq.cancelled" } }, signal),
        countRows("crm_briefs", { filters: { status: "neq.shipped" } }, signal),
        countRows(
          "portfolio_items",
          { filters: { status: "eq.Released", year: `eq.${period.year}` } },
          signal,
        ),
        countRows(
          "legal_documents",
          { filters: { status: "eq.fully_signed", updated_at: `gte.${period.startsAt}` } },
          signal,
        ),
      ]);
      return { matchesMade, sessionsBooked, activeBriefs, newReleases, contractsSigned, year: period.year };
    },
    meta: { errorMessage: "Failed to load the dashboard figures" },
  });
}

/**
 * The cut-off of the nurture queue, rounded down to the hour so the query (and its cache key) stays the
 * same while the screen is open.
 */
function nurtureCutoff(now: Date = new Date()): string {
  const cutoff = now.getTime() - NURTURE_AFTER_DAYS * DAY_MS;
  return new Date(cutoff - (cutoff % HOUR_MS)).toISOString();
}

function nurtureQuery(cutoff: string) {
  return {
    select: ["id", "first_name", "last_name", "stage_name", "roles", "last_activity_at"],
    filters: {
      kind: "eq.talent",
      archived_at: "is.null",
      or: `(last_activity_at.is.null,last_activity_at.lt.${cutoff})`,
    },
    // Never in touch first, then the longest silent.
    order: ["last_activity_at.asc.nullsfirst", "last_name.asc"],
    range: { limit: TALENT_PAGE_LIMIT },
  } satisfies ReadOptions<"crm_contacts", keyof NurtureCandidate>;
}

type NurtureCandidate = Pick<
  Contact,
  "id" | "first_name" | "last_name" | "stage_name" | "roles" | "last_activity_at"
>;

/** Talent with no activity for 30+ days (or none ever), from `last_activity_at`. */
export function useNurtureQueue() {
  const query = nurtureQuery(nurtureCutoff());
  return useQuery({
    queryKey: crmKeys.list("crm_contacts", query),
    queryFn: ({ signal }) => readTable("crm_contacts", query, signal),
    meta: { errorMessage: "Failed to load the nurture queue" },
  });
}
