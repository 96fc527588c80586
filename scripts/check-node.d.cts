/** Types of scripts/check-node.cjs, for the server entry that imports it. */
export declare function isSupported(version: string): boolean;
export declare function refusal(version: string): string;
