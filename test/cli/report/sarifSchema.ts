import { createRequire } from "node:module";

/**
 * Validates against the SARIF 2.1.0 JSON Schema as published in @microsoft/jest-sarif, with the
 * draft-04 Ajv that package validates with itself. Returns the errors (empty when valid).
 */
export function sarifErrors(log: unknown): string[] {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve("@microsoft/jest-sarif"));
  const Ajv = fromPackage("ajv") as new (
    options: object,
  ) => {
    addMetaSchema(s: object): void;
    compile(s: object): ((v: unknown) => boolean) & { errors?: { dataPath: string; message: string }[] };
  };
  const ajv = new Ajv({ schemaId: "auto", allErrors: true });
  ajv.addMetaSchema(fromPackage("ajv/lib/refs/json-schema-draft-04.json") as object);
  const validate = ajv.compile(fromPackage("./schemas/sarif-2.1.0-rtm.5.json") as object);
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.dataPath} ${e.message}`);
}
