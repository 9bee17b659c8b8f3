export const CWR_VERSIONS = ["2.1", "2.2"] as const;

/** What a society can answer a CWR registration, by CISAC's transaction status code, in words. */
export const CWR_ACK_STATUSES = {
  CO: "Conflict",
  DU: "Duplicate",
  RA: "Transaction accepted",
  AS: "Registration accepted",
  AC: "Accepted with changes",
  SR: "Accepted, ready for payment",
  CR: "Accepted with changes, ready for payment",
  RJ: "Rejected",
  NP: "No participation",
  RC: "Claim rejected",
  NA: "Rejected, no society agreement number",
  WA: "Rejected, wrong society agreement number",
} as const;
export type CwrAckStatus = keyof typeof CWR_ACK_STATUSES;
export const CWR_ACK_STATUS_CODES = Object.keys(CWR_ACK_STATUSES) as [CwrAckStatus, ...CwrAckStatus[]];
