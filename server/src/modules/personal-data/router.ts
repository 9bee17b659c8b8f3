import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request, Response } from "express";
import { principalOf } from "../../http/authorize";
import { requesterOf } from "../../platform/deps";
import type { Operator, PersonalDataService } from "./service";

const s = initServer();

const operatorOf = (req: Request, res: Response): Operator => {
  const principal = principalOf(res);
  return { actorId: principal?.kind === "user" ? principal.userId : null, requester: requesterOf(req) };
};

export function personalDataRouter(service: PersonalDataService) {
  return s.router(contract.personalData, {
    exportPersonalData: async ({ body, req, res }) => {
      res.setHeader("Content-Disposition", 'attachment; filename="personal-data.json"');
      return { status: 200, body: await service.exportData(body.email, operatorOf(req, res)) };
    },
    erasePersonalData: async ({ body, req, res }) => ({
      status: 200,
      body: await service.eraseData(body.email, operatorOf(req, res)),
    }),
  });
}
