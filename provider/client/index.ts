export * from "./client";
export * from "./errors";
export * from "./signing";
export { EngineSteps } from "./steps";
export { clientFor } from "./registry";
