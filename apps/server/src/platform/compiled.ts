/** Defined as `true` by scripts/server-build.mjs when it compiles the server and the operator commands. */
declare const OPENVERDE_COMPILED: true | undefined;

/** Whether this code runs from the compiled bundle rather than from the TypeScript sources (tests, tsx). */
export const runsCompiled: boolean = typeof OPENVERDE_COMPILED !== "undefined";
