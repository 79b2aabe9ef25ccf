/**
 * JSON Schemas out of an OpenAPI document, as a model's function parameters need them: local
 * `$ref`s (#/components/...) replaced by what they point at, a reference back into itself cut
 * short (a category whose parent is a category), read-only properties dropped (a request never
 * sends them), and the keys a model has no use for (examples, xml) left out. A budget of nodes
 * and a depth bound keep a hostile document from expanding without end.
 */

export class SchemaProblem extends Error {}

/** Nodes one operation's schemas may expand to; a document of refs to refs to refs stops here. */
const NODES_MAX = 5_000;
const DEPTH_MAX = 48;
const LEFT_OUT = new Set(["xml", "example", "examples", "externalDocs", "discriminator", "$schema", "$id"]);

export interface SchemaBudget {
  nodes: number;
}

export const newSchemaBudget = (): SchemaBudget => ({ nodes: NODES_MAX });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What a local JSON pointer ("#/components/schemas/Pet") names in the document, or undefined. */
export function pointerTarget(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new SchemaProblem(`only local $refs (#/...) are followed, not ${ref.slice(0, 80)}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A `$ref` followed once (a parameter's or request body's), with the same checks. */
export function followRef(document: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops += 1) {
    if (hops > 16) throw new SchemaProblem("$ref leads through more than 16 references");
    const ref = current.$ref;
    current = pointerTarget(document, ref);
    if (current === undefined) throw new SchemaProblem(`$ref ${ref.slice(0, 80)} points at nothing`);
  }
  return current;
}

/** The schema with every local `$ref` replaced, as plain JSON. */
export function resolvedSchema(document: unknown, schema: unknown, budget: SchemaBudget): unknown {
  return resolve(document, schema, [], budget, 0);
}

function resolve(document: unknown, node: unknown, trail: string[], budget: SchemaBudget, depth: number): unknown {
  budget.nodes -= 1;
  if (budget.nodes < 0) throw new SchemaProblem("its schemas expand to more than the model could be given");
  if (depth > DEPTH_MAX) throw new SchemaProblem(`its schemas nest more than ${DEPTH_MAX} levels deep`);
  if (Array.isArray(node)) return node.map((item) => resolve(document, item, trail, budget, depth + 1));
  if (!isObject(node)) return node;
  if (typeof node.$ref === "string") {
    const ref = node.$ref;
    const name = ref.split("/").pop() ?? ref;
    // A schema that contains itself: the model is told so instead of being given it again.
    if (trail.includes(ref)) return { type: "object", description: `A ${name} (nested as above)` };
    const target = pointerTarget(document, ref);
    if (target === undefined) throw new SchemaProblem(`$ref ${ref.slice(0, 80)} points at nothing`);
    return resolve(document, target, [...trail, ref], budget, depth + 1);
  }
  const out: Record<string, unknown> = {};
  const dropped = new Set<string>();
  for (const [key, value] of Object.entries(node)) {
    if (LEFT_OUT.has(key) || key.startsWith("x-")) continue;
    if (key === "properties" && isObject(value)) {
      const properties: Record<string, unknown> = {};
      for (const [property, schema] of Object.entries(value)) {
        const resolved = resolve(document, schema, trail, budget, depth + 1);
        if (isObject(resolved) && resolved.readOnly === true) dropped.add(property);
        else properties[property] = resolved;
      }
      out.properties = properties;
      continue;
    }
    out[key] = resolve(document, value, trail, budget, depth + 1);
  }
  if (Array.isArray(out.required) && dropped.size > 0) {
    out.required = out.required.filter((name) => typeof name !== "string" || !dropped.has(name));
  }
  return out;
}
