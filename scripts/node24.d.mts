export declare const NODE_SIDE_PROJECTS: readonly string[];
export declare function node24Args(args: readonly string[]): string[];
