import { z } from "zod";

/** The vocabulary of the royalty catalogue: writer roles, societies and shares as CWR names them. */

/** A writer's role on a work, as CWR's Writer Designation codes it. */
export const WRITER_ROLES = ["CA", "C", "A", "AR", "AD", "TR"] as const;
export type WriterRole = (typeof WRITER_ROLES)[number];

export const WRITER_ROLE_LABELS: Record<WriterRole, string> = {
  CA: "Composer and author",
  C: "Composer",
  A: "Author (lyricist)",
  AR: "Arranger",
  AD: "Adaptor",
  TR: "Translator",
};

/** CISAC society codes the business meets most, by name; any three-digit code is accepted. */
export const SOCIETIES = {
  "079": "STIM (SE)",
  "048": "NCB (Nordic mechanicals)",
  "040": "KODA (DK)",
  "089": "TEOSTO (FI)",
  "090": "TONO (NO)",
  "077": "STEF (IS)",
  "052": "PRS (UK)",
  "035": "GEMA (DE)",
  "058": "SACEM (FR)",
  "010": "ASCAP (US)",
  "021": "BMI (US)",
  "071": "SESAC (US)",
} as const satisfies Record<string, string>;

export const SOCIETY_CODE_PATTERN = /^\d{3}$/;

export const societyCodeSchema = z
  .string()
  .regex(SOCIETY_CODE_PATTERN, "A society is its three-digit CISAC code, such as 079");

/** A share in basis points: 10 000 is the whole (100 %). */
export const WHOLE_SHARE_BP = 10_000;
