// Validates LINE messages against the official OpenAPI file (tests/fixtures/line-openapi, an
// unmodified copy of shared/reference) with ajv. The file is loaded as is and transformed, never
// hand-copied: OpenAPI's inheritance-style discriminators (a parent with `discriminator.mapping`,
// children that `allOf` the parent) are not JSON Schema, so each parent becomes a dispatcher that
// picks the mapped child by `type`, and children inherit from a discriminator-free copy of the
// parent. Unknown properties are refused (unevaluatedProperties/additionalProperties false) so a
// misspelt key such as `paddingLeft` fails instead of passing silently.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2019Module from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

type Json = Record<string, unknown>;
const REF = '#/components/schemas/';
const FIXTURE = resolve(import.meta.dirname, '../../fixtures/line-openapi/messaging-api.yml');

// CommonJS default exports seen through ESM interop.
const Ajv2019 = ((Ajv2019Module as unknown as { default?: unknown }).default ??
  Ajv2019Module) as typeof Ajv2019Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

interface Discriminator {
  propertyName: string;
  mapping: Record<string, string>;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Children point at the parent through `allOf`; they must inherit from the plain copy. */
function inheritFromBase(node: unknown, parents: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => inheritFromBase(n, parents));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = value.map((part) => {
        const ref = isObject(part) ? part.$ref : undefined;
        if (typeof ref === 'string' && parents.has(ref.slice(REF.length))) return { $ref: `${ref}__base` };
        return inheritFromBase(part, parents);
      });
    } else {
      out[key] = inheritFromBase(value, parents);
    }
  }
  return out;
}

function dispatcher(name: string, discriminator: Discriminator): Json {
  const property = discriminator.propertyName;
  const keys = Object.keys(discriminator.mapping);
  return {
    type: 'object',
    required: [property],
    properties: { [property]: { enum: keys } },
    allOf: [
      { $ref: `${REF}${name}__base` },
      ...keys.map((key) => ({
        if: { properties: { [property]: { const: key } }, required: [property] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a promise.
        then: { $ref: discriminator.mapping[key] },
      })),
    ],
    unevaluatedProperties: false,
  };
}

export function lineSchemas(): Record<string, Json> {
  const document = parse(readFileSync(FIXTURE, 'utf8')) as { components: { schemas: Record<string, Json> } };
  const source = document.components.schemas;
  const parents = new Set(Object.keys(source).filter((name) => isObject(source[name].discriminator)));
  const schemas: Record<string, Json> = {};
  for (const [name, raw] of Object.entries(source)) {
    const schema = inheritFromBase(raw, parents) as Json;
    if (parents.has(name)) {
      const { discriminator, ...base } = schema;
      schemas[`${name}__base`] = base;
      schemas[name] = dispatcher(name, discriminator as Discriminator);
    } else if (Array.isArray(schema.allOf)) {
      schemas[name] = { ...schema, unevaluatedProperties: false };
    } else if (isObject(schema.properties)) {
      schemas[name] = { ...schema, additionalProperties: false };
    } else {
      schemas[name] = schema;
    }
  }
  return schemas;
}

export type LineValidator = (value: unknown) => string[];

let cached: ((name: string) => LineValidator) | undefined;

/** `validatorFor('Message')` returns a function giving ajv's errors as readable strings ([] when valid). */
export function validatorFor(name: string): LineValidator {
  if (!cached) {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    for (const format of ['int32', 'int64', 'double', 'float']) ajv.addFormat(format, true);
    for (const [schemaName, schema] of Object.entries(lineSchemas())) {
      ajv.addSchema(schema, `${REF}${schemaName}`);
    }
    cached = (schemaName: string) => {
      const validate = ajv.getSchema(`${REF}${schemaName}`);
      if (!validate) throw new Error(`no schema ${schemaName}`);
      return (value: unknown) =>
        validate(value)
          ? []
          : (validate.errors ?? []).map(
              (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
            );
    };
  }
  return cached(name);
}
