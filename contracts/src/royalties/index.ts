export * from "./catalogue";
export * from "./identifiers";
