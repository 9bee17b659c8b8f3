/**
 * Roots of cached reads that more than one feature holds. Every CRM read (the CRM screens, the
 * dashboard's pipeline, the portfolio's talent) sits under `crm`, so a CRM write refreshes them all.
 */
export const crmQueryKey = ["crm"] as const;

/**
 * Every deliverable read (the deliverables screen, the dashboard's open approvals and tasks) sits under
 * `deliverables`, so an upload, a request for approval or a client's decision refreshes them all.
 */
export const deliverablesQueryKey = ["deliverables"] as const;
/** Every projects read (the projects screens and the dashboard's count), refreshed by any projects write. */
export const projectsQueryKey = ["projects"] as const;

/**
 * Every invoice read (the list, an invoice with its lines and payments, the dashboard's receivables) sits
 * under `invoices`: issuing, crediting or a payment changes the invoice, its list row and its credit's, so
 * one invalidation does.
 */
export const invoicesQueryKey = ["invoices"] as const;

/**
 * Every royalty read (the royalties screen's tabs, the A&R dashboard's accrual) sits under `royalties`:
 * an import, a match or a close changes lines, imports, periods and statements together.
 */
export const royaltiesQueryKey = ["royalties"] as const;

/** The dashboard's one read: it sums what every other screen writes, so it is read afresh on each visit. */
export const dashboardQueryKey = ["dashboard"] as const;
