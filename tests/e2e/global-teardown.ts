/**
 * After an e2e run: stops the PostgreSQL cluster if the harness started it
 * (a postgres-backend file run alone); one `make test` or a user started is
 * theirs to stop (tools/postgres.sh stop --owner).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export default function globalTeardown(): void {
  execFileSync(join(__dirname, "..", "..", "tools", "postgres.sh"), ["stop", "--owner", "harness"], { stdio: "inherit" });
}
