export declare function e2eServerEnv(port: number, dataDir: string): Record<string, string>;
