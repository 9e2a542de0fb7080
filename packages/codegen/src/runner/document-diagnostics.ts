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
import { sha256 } from '../schema/schema-cache.js';
import { checkDefinitionDepth } from './definition-depth.js';
import { compareDiagnostics, type Diagnostic, type DiagnosticLocation } from './diagnostic.js';
import { type DocumentFile, locateNode } from './load-documents.js';
import { type UnitValidation, validateUnit } from './validate-unit.js';
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
  /** How many files graphql-js validated; the others' problems were recalled or kept. */
  readonly validatedFiles: number;
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

/**
 * What earlier runs found validating each document file, kept between processes (see
 * `openCheckCache`). A file's problems are recalled by a key that sums up all its validation
 * depends on: {@link ValidationMemory.base}, its path and text, and the texts of the fragments it
 * borrows from other files, transitively.
 */
export interface ValidationMemory {
  /** Sums up the rest: the schema, the code (graphql's version with it) and the check options. */
  readonly base: string;
  /** The problems of the file `file` validated under `key`, when they were stored. */
  recall(key: string, file: DocumentFile): readonly Diagnostic[] | undefined;
  /** Keeps each file's problems by key, for the next run: `files` holds their texts. */
  remember(
    problems: ReadonlyMap<string, readonly Diagnostic[]>,
    files: readonly DocumentFile[],
  ): void;
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

/**
 * Whether some fragment name is defined twice (alike, or it would be an error): then which
 * definition is validated depends on the other files, which no file's key covers.
 */
function repeatsAFragment(files: readonly DocumentFile[]): boolean {
  const seen = new Set<string>();
  for (const name of files.flatMap(fragmentNames)) {
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
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

/**
 * The fragments a file spreads that other files define, transitively, in the order they are met
 * (their first definitions, from `fragments`), and every fragment name reached (`uses`).
 */
function borrowedFragments(
  file: DocumentFile,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): { uses: Set<string>; borrowed: FragmentDefinitionNode[] } {
  const ownFragments = new Set(fragmentNames(file));
  const uses = new Set<string>();
  const borrowed: FragmentDefinitionNode[] = [];
  const pending = definitionsOf(file).flatMap(spreadNames);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (uses.has(name)) continue;
    uses.add(name);
    const fragment = ownFragments.has(name) ? undefined : fragments.get(name);
    if (fragment) {
      borrowed.push(fragment);
      pending.push(...spreadNames(fragment));
    }
  }
  return { uses, borrowed };
}

/** The source text of a parsed definition. */
const sourceText = ({ loc }: DefinitionNode) => loc?.source.body.slice(loc.start, loc.end) ?? '';

/** The key a file's validation is remembered by: see {@link ValidationMemory}. */
function unitKey(
  base: string,
  file: DocumentFile,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): string {
  const { borrowed } = borrowedFragments(file, fragments);
  return sha256(JSON.stringify([base, file.path, file.text, ...borrowed.map(sourceText)]));
}

/**
 * @param incremental keep each file's problems between checks (the watcher), rather than check
 * everything in one pass (one run)
 * @param memory for one run: what earlier runs found, and where to keep what this one finds
 */
export function createDocumentChecker(
  initialSchema: GraphQLSchema,
  options: CheckOptions,
  incremental: boolean,
  memory?: ValidationMemory,
): DocumentChecker {
  let schema = initialSchema;
  const rules: ValidationRule[] = documentRules(options.ignoreRules);
  const files = new Map<string, DocumentFile>();
  const validated = new Map<string, Validated>();
  let sorted: DocumentFile[] | undefined;
  let validatedFiles = 0;

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
    const { uses, borrowed } = borrowedFragments(file, fragments);
    const checked = definitionsOf(file).filter((definition) => !excluded.has(definition));
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
        validatedFiles++;
        validated.set(file.path, result);
      }
      return result.diagnostics;
    });
  }

  /**
   * The definitions of `some` files as one document, fragments by their first definition, as
   * codegen combines them, less the `excluded` definitions; then the fragments they need from
   * other files (none when `some` are all the files).
   */
  function together(
    some: readonly DocumentFile[],
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    excluded: ReadonlySet<DefinitionNode>,
  ): DefinitionNode[] {
    const seen = new Set<string>();
    const keep = (definition: DefinitionNode) => {
      if (excluded.has(definition)) return false;
      if (definition.kind !== Kind.FRAGMENT_DEFINITION) return true;
      if (seen.has(definition.name.value)) return false;
      seen.add(definition.name.value);
      return true;
    };
    const own = some.flatMap(definitionsOf).filter(keep);
    if (some.length === files.size) return own;
    const borrowed = some.flatMap((file) => borrowedFragments(file, fragments).borrowed);
    return [...own, ...borrowed.filter(keep)];
  }

  /**
   * Every document as one, in one validation. When graphql-js stops before the end (its budgets
   * are per validation, and this is one for the whole project), file by file instead, as the
   * watcher does: each file then has budgets of its own, and an error names the one that spent
   * them. `done` is that one validation, when it was already made.
   */
  function validateAll(
    all: readonly DocumentFile[],
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    excluded: ReadonlySet<DefinitionNode>,
    done?: UnitValidation,
  ): readonly Diagnostic[] {
    let result = done;
    if (!result) {
      const definitions = together(all, fragments, excluded);
      if (definitions.length === 0) return [];
      result = validateUnit(schema, { kind: Kind.DOCUMENT, definitions }, rules);
      validatedFiles += all.length;
    }
    return result.aborted ? validateEach(all, fragments, excluded) : result.diagnostics;
  }

  /**
   * {@link validateAll} with the problems of files whose key `memory` knows recalled, and only the
   * others validated, together, in one validation. Only for documents without another error,
   * with nothing excluded and no fragment defined twice, and only while that validation finds no
   * error: then each file's
   * problems (warnings) are those at its own places, whether it is validated alone, with the
   * others or file by file (graphql-js's rules look at a definition and the fragments it reaches,
   * and warn of each node where it is). Else every document is validated, as without `memory`.
   */
  function validateRemembering(
    all: readonly DocumentFile[],
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    memory: ValidationMemory,
  ): readonly Diagnostic[] {
    const keys = new Map(all.map((file) => [file, unitKey(memory.base, file, fragments)]));
    const problems = new Map<string, readonly Diagnostic[]>();
    const missed: DocumentFile[] = [];
    for (const [file, key] of keys) {
      const recalled = memory.recall(key, file);
      if (recalled) problems.set(key, recalled);
      else missed.push(file);
    }
    if (missed.length > 0) {
      const none = new Set<DefinitionNode>();
      const definitions = together(missed, fragments, none);
      const result = validateUnit(schema, { kind: Kind.DOCUMENT, definitions }, rules);
      validatedFiles += missed.length;
      // A warning without a place could not be told from which file it came.
      if (result.aborted || result.diagnostics.some((d) => d.severity === 'error' || !d.location)) {
        return validateAll(all, fragments, none, missed.length === all.length ? result : undefined);
      }
      const byFile = new Map<string, Diagnostic[]>(missed.map((file) => [file.path, []]));
      for (const diagnostic of result.diagnostics) {
        byFile.get(diagnostic.location?.file ?? '')?.push(diagnostic);
      }
      for (const file of missed) problems.set(keys.get(file) ?? '', byFile.get(file.path) ?? []);
      memory.remember(problems, all);
    }
    return all.flatMap((file) => problems.get(keys.get(file) ?? '') ?? []);
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
      validatedFiles = 0;
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
        const recallable =
          memory !== undefined &&
          depth.excluded.size === 0 &&
          diagnostics.every((d) => d.severity === 'warning') &&
          !repeatsAFragment(all);
        diagnostics.push(
          ...(incremental
            ? validateEach(all, fragments, depth.excluded)
            : recallable
              ? validateRemembering(all, fragments, memory)
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
        validatedFiles,
        definitions,
      };
    },
  };
}
