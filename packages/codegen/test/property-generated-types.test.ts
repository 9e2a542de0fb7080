import fc from 'fast-check';
import {
  execute,
  Kind,
  NoUnusedFragmentsRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateModule } from '../src/generator/index.js';
import { useProject } from './codegen-harness.js';
import { assignment, variablesError } from './graphql-oracle.js';
import {
  FIXED_DEFINITIONS,
  mockResolvers,
  mutatedVariables,
  propertySchema,
  randomDocument,
  seeded,
  validVariables,
} from './property-operations.js';
import { typeCheckGenerated } from './type-check-project.js';

const project = useProject();

const SEED = 20_280_228;
/** Documents of random operations, each its own run of fast-check. */
const RUNS = 8;
const OPERATIONS_PER_RUN = 5;
/** Responses and valid variables per operation, and variables a little off. */
const EXECUTIONS = 2;
const MUTATIONS = 6;

/** Every rule but the one that wants each fragment used: the module types them all anyway. */
const RULES = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);

describe('the generated types, checked against graphql-js', () => {
  it('type every response graphql-js executes for random operations on mocked data, and refuse the variables it refuses, in one tsc run', async () => {
    const schema = propertySchema();
    const runs = Array.from({ length: RUNS }, (_, run) => {
      const [document] = fc.sample(randomDocument(`R${run}`, OPERATIONS_PER_RUN), {
        seed: SEED + run,
        numRuns: 1,
      });
      if (!document) throw new Error('fast-check sampled nothing');
      return document;
    });
    const text = [
      FIXED_DEFINITIONS,
      ...runs.flatMap(({ fragments, operations }) => [...fragments, ...operations]),
    ].join('\n');
    const document = parse(text);
    // The generator makes only valid documents: else the property would hold of nothing.
    expect(validate(schema, document, RULES).map((error) => error.message)).toEqual([]);
    const module = generateModule(schema, [
      { location: 'src/random.graphql', documents: [document] },
    ]);

    const lines = ["import type * as Generated from './generated/admin-api.js';"];
    let refused = 0;
    const operations = document.definitions.filter(
      (node): node is OperationDefinitionNode => node.kind === Kind.OPERATION_DEFINITION,
    );
    for (const [index, operation] of operations.entries()) {
      const name = operation.name?.value ?? '';
      const types = {
        result: `Generated.${name}Query`,
        variables: `Generated.${name}QueryVariables`,
      };
      const definitions = operation.variableDefinitions ?? [];
      for (let run = 0; run < EXECUTIONS; run++) {
        const random = seeded(SEED * 31 + index * 7 + run);
        const variables = validVariables(schema, definitions, random);
        expect(variablesError(schema, operation, variables), name).toBeUndefined();
        const result = await execute({
          schema,
          document,
          operationName: name,
          variableValues: variables,
          ...mockResolvers(schema, random),
        });
        expect(result.errors, name).toBeUndefined();
        lines.push(assignment(`${name}_variables${run}`, types.variables, variables, false));
        lines.push(assignment(`${name}_response${run}`, types.result, result.data, false));
        for (let mutation = 0; mutation < MUTATIONS; mutation++) {
          const off = mutatedVariables(variables, random);
          // Accepted ones are left out: where graphql-js is looser (one item for a list in an
          // input object, an unknown variable), the generated types are stricter on purpose.
          if (variablesError(schema, operation, off) === undefined) continue;
          refused++;
          lines.push(assignment(`${name}_refused${run}_${mutation}`, types.variables, off, true));
        }
      }
    }
    expect(operations.length).toBe(RUNS * OPERATIONS_PER_RUN + 1);
    expect(refused).toBeGreaterThan(operations.length * EXECUTIONS * 2);

    const dir = project({ 'src/cases.ts': lines.join('\n') });
    expect(await typeCheckGenerated(dir, module)).toBe('');
  });
});
