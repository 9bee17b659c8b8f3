export * from "./identifiers";
