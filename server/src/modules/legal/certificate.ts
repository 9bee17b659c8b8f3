import type { LegalParty } from "@app/contracts";
import type { Block, Inline } from "./markdown";

const t = (text: string, bold = false): Inline => (bold ? { text, bold } : { text });
const line = (label: string, value: string | null | undefined): Block[] => [
  { type: "paragraph", inlines: [t(`${label}: `, true), t(value || "–")] },
];

/**
 * The audit certificate appended to the signed PDF: the document, each party with where and when they
 * were sent, opened and signed the document, and two SHA-256 fingerprints of the PDF as sent: the one
 * frozen when it was sent and the one of the stored file read again at the last signature. Equal, they
 * show the text everyone signed is the text that was sent.
 */
export function certificateBlocks(args: {
  documentId: string;
  title: string;
  sentAt: string | null;
  completedAt: string;
  parties: readonly LegalParty[];
  originalSha256: string;
  finalSha256: string;
}): Block[] {
  const blocks: Block[] = [
    { type: "heading", level: 1, inlines: [t("Audit certificate")] },
    ...line("Document", args.title),
    ...line("Document id", args.documentId),
    ...line("Sent for signatures", args.sentAt),
    ...line("Completed", args.completedAt),
    { type: "heading", level: 2, inlines: [t("Parties")] },
  ];
  for (const party of args.parties) {
    blocks.push({ type: "heading", level: 3, inlines: [t(`${party.name} (${party.role})`)] });
    blocks.push({
      type: "list",
      ordered: false,
      start: 1,
      items: [
        line("E-mail", party.email),
        ...(party.role === "signer"
          ? [
              line("Signature (typed name)", party.signature),
              line("Sent", party.sent_at),
              line("Viewed", party.viewed_at),
              line("Signed", party.signed_at),
              line("IP address", party.ip),
              line("User agent", party.user_agent),
            ]
          : []),
      ],
    });
  }
  blocks.push(
    { type: "heading", level: 2, inlines: [t("Fingerprints of the document as sent (SHA-256)")] },
    ...line("Original, frozen when sent", args.originalSha256),
    ...line("Final, read again at the last signature", args.finalSha256),
    {
      type: "paragraph",
      inlines: [
        t(
          args.originalSha256 === args.finalSha256
            ? "The two fingerprints match: the document signed is the document sent."
            : "The fingerprints DIFFER: the stored document changed after it was sent.",
          true,
        ),
      ],
    },
    {
      type: "paragraph",
      inlines: [
        t(
          "Times are UTC (ISO 8601). The SHA-256 of this signed file is kept in the document's audit trail and " +
            "in the mail that delivered it.",
        ),
      ],
    },
  );
  return blocks;
}
