import { initContract } from "@ts-rest/core";
import { authContract } from "./auth.contract";
import { configContract } from "./config.contract";
import { eventsContract } from "./events.contract";
import { formsContract } from "./forms.contract";
import { healthContract } from "./health.contract";
import { talentContract } from "./talent.contract";

const c = initContract();

export const contract = c.router(
  {
    health: healthContract,
    auth: authContract,
    config: configContract,
    events: eventsContract,
    talent: talentContract,
    forms: formsContract,
  },
  { strictStatusCodes: true },
);
export type Contract = typeof contract;

export * from "./auth.contract";
export * from "./common";
export * from "./config.contract";
export * from "./events.contract";
export * from "./forms.contract";
export * from "./health.contract";
export * from "./talent.contract";
