import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { NextFunction, Request, Response } from "express";
import { recordedActorOf } from "../../http/authorize";
import { requesterOf } from "../../platform/deps";
import { decideApproval, sendApprovalFile, viewApproval } from "./approval-page";
import { requestDeliverableApproval } from "./approval-request";
import type { DeliverableDeps } from "./deps";
import { addDeliverableVersion, startDeliverable } from "./versions";

const s = initServer();

const ipOf = (req: Request) => requesterOf(req).ip;

export function deliverablesRpcRouter(deps: DeliverableDeps) {
  return s.router(contract.deliverables.rpc, {
    startDeliverable: async ({ body, res }) => ({
      status: 200,
      body: await startDeliverable(deps, body.deliverable_id, recordedActorOf(res)),
    }),
    addDeliverableVersion: async ({ body, res }) => ({
      status: 200,
      body: await addDeliverableVersion(deps, body, recordedActorOf(res)),
    }),
    requestDeliverableApproval: async ({ body, res }) => ({
      status: 200,
      body: await requestDeliverableApproval(deps, body, recordedActorOf(res)),
    }),
  });
}

/**
 * The approval page's JSON routes. The file route streams bytes, which ts-rest's bodies cannot, so it is
 * served by hand (approvalFileHandler) at the path the contract gives it.
 */
export function approvalRouter(deps: DeliverableDeps) {
  return s.router(contract.deliverables.approval, {
    getApprovalView: async ({ query, req }) => ({
      status: 200,
      body: await viewApproval(deps, query.token, ipOf(req)),
    }),
    getApprovalFile: async () => {
      throw new Error("served by approvalFileHandler");
    },
    decideApproval: async ({ body, req }) => ({
      status: 200,
      body: await decideApproval(deps, body, ipOf(req)),
    }),
  });
}

export const approvalFileHandler =
  (deps: DeliverableDeps) => (req: Request, res: Response, next: NextFunction) => {
    sendApprovalFile(deps, req, res).catch(next);
  };
