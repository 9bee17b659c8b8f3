export declare function e2ePort(): number;
export declare function e2eDataDir(port?: number): string;
