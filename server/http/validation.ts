/**
 * Request validation: the contracts' zod schemas (fastify-type-provider-zod), run on input
 * whose strings were first cleaned of control characters (contracts/text-input.ts). One place
 * for every route's body, query string and path parameters.
 */
import type { FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { cleanInput } from "../../contracts/text-input.js";

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler((route) => {
    // Every schema in this app is a zod schema (the type provider); Fastify types it loosely.
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => validate(cleanInput(data));
  });
}
