export * from "./client";
export * from "./errors";
export * from "./signing";
export { clientFor } from "./registry";
