export declare const BUILD_INPUTS: string[];
export declare function inputsFingerprint(nodeEnv?: string): string;
