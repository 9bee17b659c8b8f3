import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import { recordedActorOf } from "../../http/authorize";
import { invoicePdf, invoiceSie } from "./invoice-files";
import { approvedNotInvoiced, invoiceFromProject } from "./invoice-from-project";
import { type InvoiceMailDeps, sendInvoice, sendInvoiceReminder } from "./invoice-mail";
import { creditInvoice, issueInvoice } from "./issue-invoice";
import { recordInvoicePayment } from "./payments";
import { saveInvoiceDraft } from "./save-invoice-draft";

const s = initServer();

export type MoneyDeps = InvoiceMailDeps;

/** The invoice RPCs (each one transaction in its module) and the invoice files. */
export function moneyRouter(deps: MoneyDeps) {
  const at = () => new Date(deps.now()).toISOString();
  return s.router(contract.money, {
    issueInvoice: async ({ body, res }) => ({
      status: 200,
      body: await issueInvoice(deps.db, body.invoice_id, recordedActorOf(res), at()),
    }),
    saveInvoiceDraft: async ({ body, res }) => ({
      status: 200,
      body: await saveInvoiceDraft(deps.db, body, recordedActorOf(res), at()),
    }),
    creditInvoice: async ({ body, res }) => ({
      status: 200,
      body: await creditInvoice(deps.db, body.invoice_id, recordedActorOf(res), at()),
    }),
    recordInvoicePayment: async ({ body, res }) => ({
      status: 200,
      body: await recordInvoicePayment(deps.db, body, recordedActorOf(res), at()),
    }),
    sendInvoice: async ({ body, res }) => ({
      status: 200,
      body: await sendInvoice(deps, body, recordedActorOf(res)),
    }),
    sendInvoiceReminder: async ({ body, res }) => ({
      status: 200,
      body: await sendInvoiceReminder(deps, body, recordedActorOf(res)),
    }),
    invoiceFromProject: async ({ body, res }) => ({
      status: 200,
      body: await invoiceFromProject(deps.db, body.project_id, recordedActorOf(res), at()),
    }),
    approvedNotInvoiced: async ({ body }) => ({
      status: 200,
      body: await approvedNotInvoiced(deps.db, body.project_id),
    }),
    invoicePdf: async ({ params, res }) => {
      const file = await invoicePdf(deps.db, params.id);
      res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: file.pdf };
    },
    invoiceSie: async ({ query, res }) => {
      const file = await invoiceSie(deps.db, query, deps.now());
      res.setHeader("Content-Disposition", `attachment; filename="invoices-${query.from}-${query.to}.se"`);
      res.setHeader("Cache-Control", "no-store");
      return { status: 200, body: file };
    },
  });
}
