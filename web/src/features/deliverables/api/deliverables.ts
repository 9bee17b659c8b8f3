import { DELIVERABLES_BUCKET, type DeliverableStatus } from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { deliverablesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";
import { uploadObject } from "@/lib/storage-upload";
import { insertRow, type TableInsert, type TableRow } from "@/lib/table-writes";

export type Deliverable = TableRow<"deliverables">;
export type DeliverableVersion = TableRow<"deliverable_versions">;

/**
 * Every deliverable read is cached under `deliverables` (the dashboard's approvals and tasks too): an
 * upload, a request or a decision can change any of them, so one invalidation refreshes them all.
 */
const root = deliverablesQueryKey;
const deliverableKeys = {
  all: root,
  list: (params: object) => [...root, "list", params] as const,
  versions: (id: string) => [...root, "versions", id] as const,
  projects: () => [...root, "projects"] as const,
};
const invalidates = [root] as const;

export type DeliverableFilters = {
  status: DeliverableStatus | "all";
  projectId: string | "all";
  /** "me": the signed-in person's; "none": nobody's yet. */
  assignee: "all" | "me" | "none";
};

const EXACT = { count: "exact" } as const;

/** The deliverables the filters keep, soonest due first (those without a date last). */
export function useDeliverables(filters: DeliverableFilters, userId: string | null) {
  return useQuery({
    queryKey: deliverableKeys.list({ ...filters, userId }),
    queryFn: async ({ signal }) => {
      const where: Record<string, string> = {};
      if (filters.status !== "all") where.status = `eq.${filters.status}`;
      if (filters.projectId !== "all") where.project_id = `eq.${filters.projectId}`;
      if (filters.assignee === "me" && userId) where.assignee_id = `eq.${userId}`;
      if (filters.assignee === "none") where.assignee_id = "is.null";
      const page = await readTable(
        "deliverables",
        { ...EXACT, filters: where, order: ["due_date.asc.nullslast", "created_at.asc"] },
        signal,
      );
      return page.rows;
    },
    meta: { errorMessage: "Could not load the deliverables" },
  });
}

export type ProjectOption = { id: string; code: string; title: string };

/** The projects a deliverable can belong to, newest first. */
export function useProjectOptions() {
  return useQuery({
    queryKey: deliverableKeys.projects(),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "projects",
          { ...EXACT, select: ["id", "code", "title"], order: ["created_at.desc"] },
          signal,
        )
      ).rows as ProjectOption[],
    meta: { errorMessage: "Could not load the projects" },
  });
}

/** A deliverable's versions, newest first. */
export function useVersions(deliverableId: string | null) {
  return useQuery({
    queryKey: deliverableKeys.versions(deliverableId ?? ""),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "deliverable_versions",
          { ...EXACT, filters: { deliverable_id: `eq.${deliverableId}` }, order: ["version.desc"] },
          signal,
        )
      ).rows,
    enabled: Boolean(deliverableId),
    meta: { errorMessage: "Could not load the versions" },
  });
}

export function useCreateDeliverable() {
  return useMutation({
    mutationFn: (values: TableInsert<"deliverables">) => insertRow("deliverables", values),
    meta: {
      successMessage: "Deliverable created",
      errorMessage: "Could not create the deliverable",
      invalidates,
    },
  });
}

export function useStartDeliverable() {
  return useMutation({
    mutationFn: async (deliverableId: string) =>
      expectSuccess(
        await tsr.deliverables.rpc.startDeliverable.mutate({ body: { deliverable_id: deliverableId } }),
      ).body,
    meta: {
      successMessage: "Marked in progress",
      errorMessage: "Could not start the deliverable",
      invalidates,
    },
  });
}

/** The file goes to the private bucket under a fresh name of its own; the server then records and hashes it. */
export function useUploadVersion() {
  return useMutation({
    mutationFn: async ({
      deliverableId,
      file,
      note,
    }: {
      deliverableId: string;
      file: File;
      note: string;
    }) => {
      const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1]?.toLowerCase();
      const path = `${deliverableId}/${crypto.randomUUID()}${extension ? `.${extension}` : ""}`;
      await uploadObject(DELIVERABLES_BUCKET, path, file);
      return expectSuccess(
        await tsr.deliverables.rpc.addDeliverableVersion.mutate({
          body: { deliverable_id: deliverableId, object_path: path, note: note.trim() || null },
        }),
      ).body;
    },
    meta: { successMessage: "Version uploaded", errorMessage: "Could not upload the version", invalidates },
  });
}

export function useRequestApproval() {
  return useMutation({
    mutationFn: async (body: { version_id: string; email: string }) =>
      expectSuccess(await tsr.deliverables.rpc.requestDeliverableApproval.mutate({ body })).body,
    meta: { successMessage: "Sent for approval", errorMessage: "Could not send for approval", invalidates },
  });
}
