import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request, Response } from "express";
import { recordedActorOf } from "../../http/authorize";
import type { CallerInfo, LegalDeps } from "./deps";
import { renderLegalDocument, sendLegalDocument, voidLegalDocument } from "./documents";
import { previewLegalTemplate } from "./preview";
import { signLegalDocument, type Visitor, viewSigningDocument } from "./signing";

const s = initServer();

const userAgentOf = (req: Request) => req.get("user-agent")?.slice(0, 500) ?? null;

function callerOf(req: Request, res: Response): CallerInfo {
  return {
    ...recordedActorOf(res),
    ip: req.ip ?? null,
    userAgent: userAgentOf(req),
  };
}

const visitorOf = (req: Request): Visitor => ({
  ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
  userAgent: userAgentOf(req),
});

export function legalRpcRouter(deps: LegalDeps) {
  return s.router(contract.legal.rpc, {
    renderLegalDocument: async ({ body, req, res }) => ({
      status: 200,
      body: await renderLegalDocument(deps, body.document_id, callerOf(req, res)),
    }),
    sendLegalDocument: async ({ body, req, res }) => ({
      status: 200,
      body: await sendLegalDocument(deps, body.document_id, callerOf(req, res)),
    }),
    voidLegalDocument: async ({ body, req, res }) => ({
      status: 200,
      body: await voidLegalDocument(deps, body.document_id, body.reason, callerOf(req, res)),
    }),
    previewLegalTemplate: async ({ body }) => ({
      status: 200,
      body: await previewLegalTemplate(deps.db, body),
    }),
  });
}

export function legalSigningRouter(deps: LegalDeps) {
  return s.router(contract.legal.signing, {
    getSigningView: async ({ query, req }) => ({
      status: 200,
      body: await viewSigningDocument(deps, query.token, visitorOf(req)),
    }),
    signDocument: async ({ body, req }) => ({
      status: 200,
      body: await signLegalDocument(deps, body, visitorOf(req)),
    }),
  });
}
