import type { ActivityAction } from "@app/contracts";
import type { Db } from "../../db/database";
import type { RecordedActor } from "../../http/authorize";
import { appendActivity } from "../crm/timeline";

/**
 * A step of a deliverable on the timeline, in the caller's transaction: staff see uploads, requests for
 * approval and the client's decisions beside every other change of the record.
 */
export async function recordStep(
  trx: Db,
  step: RecordedActor & {
    deliverableId: string;
    action: ActivityAction;
    at: string;
    note: string;
    changes?: Changes;
  },
) {
  await appendActivity(trx, {
    recordType: "deliverables",
    recordId: step.deliverableId,
    action: step.action,
    changes: step.changes ?? {},
    actorId: step.actorId,
    actorRole: step.actorRole,
    at: step.at,
    note: step.note,
  });
}

type Changes = Record<string, { from: unknown; to: unknown }>;

/** The status's move, when it moved (a second version leaves a submitted deliverable submitted). */
export const statusChange = (from: string, to: string): Changes =>
  from === to ? {} : { status: { from, to } };
