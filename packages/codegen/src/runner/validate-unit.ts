import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  KnownTypeNamesRule,
  type OperationDefinitionNode,
  OverlappingFieldsCanBeMergedRule,
  type ValidationRule,
  validate,
} from 'graphql';
import { definitionLabel, spreadsReached } from './definition-depth.js';
import type { Diagnostic } from './diagnostic.js';
import { assertBoundedValidation } from './graphql-version.js';
import { locateError, locateNode } from './load-documents.js';
import { DEPRECATED_EXTENSION, UNKNOWN_TYPE_EXTENSION } from './validation-rules.js';

/** The errors graphql-js reports of one validation before it stops (its `maxErrors`). */
const MAX_ERRORS = 10_000;

// What graphql-js reports, with no place, when it stops validating before the end: a budget of its
// own ran out (in 16.x, OverlappingFieldsCanBeMergedRule's comparisons or the fragment spreads
// ValidationContext follows), or the errors reached `maxErrors`.
const BUDGET_SPENT = 'Validation aborted.';
const TOO_MANY_ERRORS = 'Too many validation errors, error limit reached. Validation aborted.';

/** One validation: its problems, and whether graphql-js stopped before the end. */
export interface UnitValidation {
  readonly diagnostics: readonly Diagnostic[];
  /** Some of the unit went unchecked: a budget ran out, or there were {@link MAX_ERRORS} errors. */
  readonly aborted: boolean;
}

type Executable = OperationDefinitionNode | FragmentDefinitionNode;

/** Where validation was: the definition it last entered, and whether it had left them all. */
interface Progress {
  last?: Executable;
  /** In the checks made when the whole document is done (each operation's variables). */
  done?: boolean;
}

/** Notes where validation is; first among the rules, so it knows before the others act. */
function progressTracker(progress: Progress): ValidationRule {
  return () => ({
    OperationDefinition(node) {
      progress.last = node;
    },
    FragmentDefinition(node) {
      progress.last = node;
    },
    Document: {
      leave() {
        progress.done = true;
      },
    },
  });
}

const stopped = (error: GraphQLError) =>
  !error.nodes?.length && (error.message === BUDGET_SPENT || error.message === TOO_MANY_ERRORS);

/** Whether the overlap rule alone runs out of its budget on the unit (or else the spreads did). */
function overlapSpent(
  schema: GraphQLSchema,
  unit: DocumentNode,
  rules: readonly ValidationRule[],
): boolean {
  if (!rules.includes(OverlappingFieldsCanBeMergedRule)) return false;
  return validate(schema, unit, [OverlappingFieldsCanBeMergedRule], { maxErrors: MAX_ERRORS }).some(
    (error) => error.message === BUDGET_SPENT,
  );
}

function executables(unit: DocumentNode): Executable[] {
  return unit.definitions.filter(
    (definition): definition is Executable =>
      definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION,
  );
}

/** The unit's operation that reaches the most fragment spreads, and how many. */
function mostSpreads(unit: DocumentNode): { at: Executable; spreads: number } | undefined {
  const definitions = executables(unit);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) {
      fragments.set(definition.name.value, definition);
    }
  }
  let most: { at: Executable; spreads: number } | undefined;
  for (const definition of definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const spreads = spreadsReached(definition, fragments);
    if (!most || spreads > most.spreads) most = { at: definition, spreads };
  }
  return most;
}

const placeOf = (at: Executable | undefined) => (at ? locateNode(at.name ?? at) : undefined);

/**
 * Why graphql-js stopped, where, and what to do, as one error. A budget spent while it was in a
 * definition (the overlap rule's, met in the selections) names that definition; one spent once
 * all were read (following each operation's fragment spreads) names the operation reaching the
 * most spreads.
 */
function stoppedDiagnostic(
  reason: string,
  progress: Progress,
  schema: GraphQLSchema,
  unit: DocumentNode,
  rules: readonly ValidationRule[],
): Diagnostic {
  if (reason === TOO_MANY_ERRORS) {
    const what = progress.last ? definitionLabel(progress.last) : 'the end';
    return {
      severity: 'error',
      code: 'DOCUMENT_ERROR',
      message: `graphql-js stopped validating at ${what}, after ${MAX_ERRORS} errors (its maxErrors: "${reason}"): fix those first`,
      location: placeOf(progress.last),
    };
  }
  if (!progress.done && overlapSpent(schema, unit, rules)) {
    const what = progress.last ? definitionLabel(progress.last) : 'the documents';
    return {
      severity: 'error',
      code: 'DOCUMENT_TOO_COMPLEX',
      message: `graphql-js stopped validating ${what}: checking that its fields can merge (OverlappingFieldsCanBeMergedRule) ran past graphql-js's budget ("${reason}"), as many fields or fragments with one response name in one selection set do: select each field once, spread each fragment once, or split it into several operations`,
      location: placeOf(progress.last),
    };
  }
  const most = progress.done ? mostSpreads(unit) : undefined;
  const at = most?.at ?? progress.last;
  const where = most
    ? `; ${definitionLabel(most.at)} follows the most, ${most.spreads}`
    : at
      ? ` in ${definitionLabel(at)}`
      : '';
  return {
    severity: 'error',
    code: 'DOCUMENT_TOO_COMPLEX',
    message: `graphql-js stopped validating: following fragment spreads within fragments ran past its budget ("${reason}")${where}: spread fewer fragments within one another, or split the operations among more files`,
    location: placeOf(at),
  };
}

function toDiagnostic(validationError: GraphQLError): Diagnostic {
  const deprecated = validationError.extensions[DEPRECATED_EXTENSION] === true;
  return {
    severity: deprecated ? 'warning' : 'error',
    code: deprecated ? 'DEPRECATED' : 'DOCUMENT_ERROR',
    message: validationError.message,
    location: locateError(validationError),
  };
}

/**
 * graphql-js's validation of one document, with the real `KnownTypeNamesRule` only where the probe
 * found something. When graphql-js stops before the end, the problems found so far and one error
 * naming the definition it stopped in and why: `DOCUMENT_TOO_COMPLEX` for a budget, or
 * `DOCUMENT_ERROR` after {@link MAX_ERRORS} errors. Refuses a graphql without those budgets
 * (`MISSING_DEPENDENCY`).
 */
export function validateUnit(
  schema: GraphQLSchema,
  unit: DocumentNode,
  rules: readonly ValidationRule[],
): UnitValidation {
  assertBoundedValidation();
  const progress: Progress = {};
  const errors = validate(schema, unit, [progressTracker(progress), ...rules], {
    maxErrors: MAX_ERRORS,
  });
  const stop = errors.find(stopped);
  const probed = (error: GraphQLError) => error.extensions[UNKNOWN_TYPE_EXTENSION] === true;
  const found = errors.filter((error) => error !== stop && !probed(error));
  if (errors.some(probed)) found.push(...validate(schema, unit, [KnownTypeNamesRule]));
  const diagnostics = found.map(toDiagnostic);
  if (stop) {
    diagnostics.push(stoppedDiagnostic(stop.message, progress, schema, unit, rules));
  }
  return { diagnostics, aborted: stop !== undefined };
}
