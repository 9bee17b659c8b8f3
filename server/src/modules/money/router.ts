import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Response } from "express";
import type { Database } from "../../db/database";
import { principalOf } from "../../http/authorize";
import { creditInvoice, issueInvoice } from "./issue-invoice";
import { recordInvoicePayment } from "./payments";

const s = initServer();

const actorOf = (res: Response) => {
  const principal = principalOf(res);
  return principal?.kind === "user" ? principal.userId : null;
};

export interface MoneyDeps {
  db: Database;
  now: () => number;
}

/** The invoice RPCs; each is one transaction in its module. */
export function moneyRouter(deps: MoneyDeps) {
  const at = () => new Date(deps.now()).toISOString();
  return s.router(contract.money, {
    issueInvoice: async ({ body, res }) => ({
      status: 200,
      body: await issueInvoice(deps.db, body.invoice_id, actorOf(res), at()),
    }),
    creditInvoice: async ({ body, res }) => ({
      status: 200,
      body: await creditInvoice(deps.db, body.invoice_id, actorOf(res), at()),
    }),
    recordInvoicePayment: async ({ body, res }) => ({
      status: 200,
      body: await recordInvoicePayment(deps.db, body, actorOf(res), at()),
    }),
  });
}
