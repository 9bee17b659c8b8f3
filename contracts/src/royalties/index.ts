export * from "./catalogue";
export * from "./cwr";
export * from "./identifiers";
