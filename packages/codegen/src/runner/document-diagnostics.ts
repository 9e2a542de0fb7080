import {
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValidationRule,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import {
  definitionViolation,
  type RuleViolation,
  reservedMethodViolation,
} from '../core/definition-rules.js';
import { type Definitions, inspectDefinitions, type PlacedDefinition } from '../generator/index.js';
import { checkDefinitionDepth } from './definition-depth.js';
import { compareDiagnostics, type Diagnostic, type DiagnosticLocation } from './diagnostic.js';
import { type DocumentFile, locateNode } from './load-documents.js';
import { validateUnit } from './validate-unit.js';
import { documentRules } from './validation-rules.js';

/** How documents are checked; from `config.skipDocumentsValidation`, as graphql-codegen reads it. */
export interface CheckOptions {
  /** `false` skips validation against the schema (names are still checked: the SDK needs them). */
  readonly validateAgainstSchema: boolean;
  /** graphql-js rules to leave out, by name prefix (`'NoUnusedFragments'`). */
  readonly ignoreRules: readonly string[];
}

/** The documents' problems, how many operations they hold, and their definitions. */
export interface DocumentCheck {
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: number;
  readonly warnings: number;
  readonly operations: number;
  /** What the generator prints when there is no error (every definition problem is one). */
  readonly definitions: Definitions;
}

/**
 * The documents of a project and their problems. Incremental, problems are kept between checks:
 * after `setFile`, only that file and the files that use a fragment it defines (or defined) are
 * validated again; after `setSchema`, every file. Otherwise (one run) all documents are validated
 * together, in one pass: on a large schema, validating file by file costs three times as much, and
 * the problems are the same (only a fragment defined twice, already an error, may differ).
 */
export interface DocumentChecker {
  setSchema(schema: GraphQLSchema): void;
  /** Adds, replaces or (with `undefined`) removes a file. */
  setFile(path: string, file: DocumentFile | undefined): void;
  check(): DocumentCheck;
}

interface Validated {
  readonly diagnostics: readonly Diagnostic[];
  /** Every fragment name the file spreads, directly or through other fragments. */
  readonly uses: ReadonlySet<string>;
}

function definitionsOf(file: DocumentFile): DefinitionNode[] {
  return file.documents.flatMap(({ document }) => document.definitions);
}

function fragmentNames(file: DocumentFile | undefined): string[] {
  return file
    ? definitionsOf(file).flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? d.name.value : []))
    : [];
}

/** The fragments a definition spreads; a plain walk, several times faster than graphql's `visit`. */
function spreadNames(node: DefinitionNode): string[] {
  const names: string[] = [];
  const walk = (selections: readonly SelectionNode[]) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) names.push(selection.name.value);
      else if (selection.selectionSet) walk(selection.selectionSet.selections);
    }
  };
  if (node.kind === Kind.OPERATION_DEFINITION || node.kind === Kind.FRAGMENT_DEFINITION) {
    walk(node.selectionSet.selections);
  }
  return names;
}

const where = (location: DiagnosticLocation | undefined) =>
  location ? `${location.file}:${location.line}:${location.column}` : 'an unknown place';

/** Where a definition is: at its name, if it has one. */
const place = ({ node }: PlacedDefinition<OperationDefinitionNode | FragmentDefinitionNode>) =>
  locateNode(node.name ?? node);

/** A definition that breaks the rulebook, as a diagnostic at its name. */
function ruleDiagnostic(violation: RuleViolation): Diagnostic {
  const { code, message, at } = violation;
  return { severity: 'error', code, message, location: place(at) };
}

/** Every definition of `definitions` that breaks the rulebook, by the core's {@link definitionViolation}. */
function definitionDiagnostics(definitions: ReturnType<typeof inspectDefinitions>): Diagnostic[] {
  const violations = [
    ...definitions.problems.map((problem) =>
      definitionViolation(problem, (earlier) => where(place(earlier))),
    ),
    ...definitions.operations.map(reservedMethodViolation),
  ];
  return violations.flatMap((violation) => (violation ? [ruleDiagnostic(violation)] : []));
}

/** Drops the same problem reported twice (a fragment validated with each file that uses it). */
function unique(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.code} ${where(diagnostic.location)} ${diagnostic.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function createDocumentChecker(
  initialSchema: GraphQLSchema,
  options: CheckOptions,
  incremental: boolean,
): DocumentChecker {
  let schema = initialSchema;
  const rules: ValidationRule[] = documentRules(options.ignoreRules);
  const files = new Map<string, DocumentFile>();
  const validated = new Map<string, Validated>();
  let sorted: DocumentFile[] | undefined;

  function sortedFiles(): DocumentFile[] {
    sorted ??= [...files.values()].sort((a, b) => compareCodeUnits(a.path, b.path));
    return sorted;
  }

  /** The first definition of each fragment name, in file order. */
  function fragmentIndex(): Map<string, FragmentDefinitionNode> {
    const index = new Map<string, FragmentDefinitionNode>();
    for (const definition of sortedFiles().flatMap(definitionsOf)) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION && !index.has(definition.name.value)) {
        index.set(definition.name.value, definition);
      }
    }
    return index;
  }

  /**
   * Validates a file with the fragments it needs from other files, as codegen combines them, less
   * the `excluded` definitions (too deep to validate). `uses` counts every spread, theirs too: a
   * change to a fragment they spread may make them validate again.
   */
  function validateFile(
    file: DocumentFile,
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    excluded: ReadonlySet<DefinitionNode>,
  ): Validated {
    const own = definitionsOf(file);
    const ownFragments = new Set(fragmentNames(file));
    const uses = new Set<string>();
    const borrowed: FragmentDefinitionNode[] = [];
    const pending = own.flatMap(spreadNames);
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (uses.has(name)) continue;
      uses.add(name);
      const fragment = ownFragments.has(name) ? undefined : fragments.get(name);
      if (fragment) {
        borrowed.push(fragment);
        pending.push(...spreadNames(fragment));
      }
    }
    const checked = own.filter((definition) => !excluded.has(definition));
    if (checked.length === 0) return { diagnostics: [], uses };
    const definitions = [...checked, ...borrowed.filter((fragment) => !excluded.has(fragment))];
    const unit: DocumentNode = { kind: Kind.DOCUMENT, definitions };
    return { diagnostics: validateUnit(schema, unit, rules).diagnostics, uses };
  }

  /** Each file with the fragments it needs, its problems kept until it or they change. */
  function validateEach(
    all: readonly DocumentFile[],
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    excluded: ReadonlySet<DefinitionNode>,
  ): Diagnostic[] {
    return all.flatMap((file) => {
      let result = validated.get(file.path);
      if (!result) {
        result = validateFile(file, fragments, excluded);
        validated.set(file.path, result);
      }
      return result.diagnostics;
    });
  }

  /**
   * Every document as one, fragments by their first definition, as codegen combines them, less
   * the `excluded` definitions. When graphql-js stops before the end (its budgets are per
   * validation, and this is one for the whole project), file by file instead, as the watcher
   * does: each file then has budgets of its own, and an error names the one that spent them.
   */
  function validateAll(
    all: readonly DocumentFile[],
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    excluded: ReadonlySet<DefinitionNode>,
  ): readonly Diagnostic[] {
    const seen = new Set<string>();
    const definitions = all.flatMap(definitionsOf).filter((definition) => {
      if (excluded.has(definition)) return false;
      if (definition.kind !== Kind.FRAGMENT_DEFINITION) return true;
      if (seen.has(definition.name.value)) return false;
      seen.add(definition.name.value);
      return true;
    });
    if (definitions.length === 0) return [];
    const together = validateUnit(schema, { kind: Kind.DOCUMENT, definitions }, rules);
    return together.aborted ? validateEach(all, fragments, excluded) : together.diagnostics;
  }

  return {
    setSchema(next) {
      schema = next;
      validated.clear();
    },
    setFile(path, file) {
      const changed = new Set([...fragmentNames(files.get(path)), ...fragmentNames(file)]);
      if (file) files.set(path, file);
      else files.delete(path);
      sorted = undefined;
      validated.delete(path);
      if (changed.size === 0) return;
      for (const [other, result] of validated) {
        if ([...changed].some((name) => result.uses.has(name))) validated.delete(other);
      }
    },
    check() {
      const all = sortedFiles();
      const definitions = inspectDefinitions(
        all.map((file) => ({
          location: file.path,
          documents: file.documents.map(({ document }) => document),
        })),
      );
      const diagnostics = [
        ...all.flatMap((file) => file.diagnostics),
        ...definitionDiagnostics(definitions),
      ];
      // Before validation: graphql-js and the generator recurse a few frames a level.
      const fragments = fragmentIndex();
      const depth = checkDefinitionDepth(all.flatMap(definitionsOf), fragments);
      diagnostics.push(...depth.diagnostics);
      if (options.validateAgainstSchema) {
        diagnostics.push(
          ...(incremental
            ? validateEach(all, fragments, depth.excluded)
            : validateAll(all, fragments, depth.excluded)),
        );
      }
      const reported = unique(diagnostics).sort(compareDiagnostics);
      const errors = reported.filter((d) => d.severity === 'error').length;
      return {
        diagnostics: reported,
        errors,
        warnings: reported.length - errors,
        operations: definitions.operations.length,
        definitions,
      };
    },
  };
}
