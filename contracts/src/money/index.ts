export * from "./invoice-math";
export * from "./issue-rules";
export * from "./ocr";
export * from "./exact-decimal";
