/** `npm run schema`: writes schema.json from the zod schemas (see provider/schema.ts). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderSchema } from "../provider/schema";

const root = join(__dirname, "..", "..");
const { version } = require(join(root, "package.json")) as { version: string };
writeFileSync(join(root, "schema.json"), renderSchema(version));
console.log(`schema.json written (pulumi-xads ${version})`);
