// The full contract lives in a module of its own that the web app never imports, so GoTrue's admin API
// (service_role only) and the routes only integrators call stay out of the browser's bundle.

export * from "./auth.contract";
export * from "./auth-admin.contract";
export { backOfficeContract } from "./back-office-contract";
export * from "./backups.contract";
export * from "./common";
export * from "./config.contract";
export * from "./crm.contract";
export * from "./dashboard.contract";
export * from "./deliverables.contract";
export * from "./events.contract";
export * from "./forms.contract";
export * from "./health.contract";
export * from "./identifiers";
export * from "./legal.contract";
export * from "./money";
export * from "./money.contract";
export * from "./money-format";
export * from "./personal-data.contract";
export * from "./portfolio-media";
export * from "./projects.contract";
export * from "./public-contract";
export * from "./public-pages";
export * from "./realtime.contract";
export * from "./royalties";
export * from "./royalties.contract";
export * from "./royalty-ledger.contract";
export * from "./royalty-mapping";
export { type Contract, contract } from "./server-contract";
export * from "./setup.contract";
export * from "./site-routes";
export * from "./storage.contract";
export * from "./studio.contract";
export * from "./tables";
export * from "./talent.contract";
export * from "./team.contract";
export * from "./urls";
