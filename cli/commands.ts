/**
 * The registry of `xads` commands: one line per command file. Each entry
 * adds its command (with `--help` text) to the program.
 */
import { Command } from "commander";
import { registerAuth } from "./auth";
import { registerPrSummary } from "./pr-summary";
import { registerDrift } from "./drift";
import { registerImport } from "./import";
import { registerRecover } from "./recover";
import { registerEmulator } from "./emulator";
import { registerRecommendations } from "./recommendations";
import { registerDraftPreview } from "./draft-preview";
import { registerUp } from "./up";

export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [
  registerAuth,
  registerPrSummary,
  registerDrift,
  registerImport,
  registerRecover,
  registerEmulator,
  registerRecommendations,
  registerDraftPreview,
  registerUp,
];
