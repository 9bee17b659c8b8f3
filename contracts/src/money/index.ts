export * from "./exact-decimal";
export * from "./invoice-math";
export * from "./issue-rules";
export * from "./ocr";
