import {
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  KnownTypeNamesRule,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValidationRule,
  validate,
} from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';
import {
  type DefinitionProblem,
  type Definitions,
  inspectDefinitions,
  type PlacedDefinition,
} from '../generator/index.js';
import { fragmentTypeName, operationNames } from '../generator/type-names.js';
import { methodName } from '../sdk-plugin/method-name.js';
import { compareDiagnostics, type Diagnostic, type DiagnosticLocation } from './diagnostic.js';
import { type DocumentFile, locateError, locateNode } from './load-documents.js';
import { DEPRECATED_EXTENSION, documentRules, UNKNOWN_TYPE_EXTENSION } from './validation-rules.js';

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

/** How the runner words a definition that cannot go into the module. */
function nameDiagnostic(problem: DefinitionProblem): Diagnostic {
  const { at } = problem;
  const name = at.node.name?.value ?? '';
  const diagnostic = (code: Diagnostic['code'], message: string): Diagnostic => ({
    severity: 'error',
    code,
    message,
    location: place(at),
  });
  switch (problem.kind) {
    case 'anonymous':
      return diagnostic(
        'ANONYMOUS_OPERATION',
        `anonymous ${problem.at.node.operation}: give it a name (e.g. "${problem.at.node.operation} GetMe { … }"); the name becomes the SDK method`,
      );
    case 'no-method-name':
      return diagnostic(
        'ANONYMOUS_OPERATION',
        `${problem.at.node.operation} "${name}" has no letter or digit, so it names no SDK method: give it a name (e.g. "${problem.at.node.operation} GetMe { … }")`,
      );
    case 'same-name':
      return diagnostic(
        'DUPLICATE_OPERATION',
        `operation "${name}" is also defined at ${where(place(problem.earlier))}; operation names must be unique across all documents`,
      );
    case 'same-method':
      return diagnostic(
        'DUPLICATE_METHOD',
        `operation "${name}" maps to the SDK method ${methodName(name)}(), as "${problem.earlier.node.name?.value}" at ${where(place(problem.earlier))} does; rename one of them`,
      );
    case 'same-result-type':
      return diagnostic(
        'DUPLICATE_METHOD',
        `operation "${name}" maps to the type ${operationNames(problem.at.node, name).result}, as "${problem.earlier.node.name?.value}" at ${where(place(problem.earlier))} does; rename one of them`,
      );
    case 'same-fragment':
      return diagnostic(
        'DOCUMENT_ERROR',
        `fragment "${name}" is also defined at ${where(place(problem.earlier))}; fragment names must be unique across all documents`,
      );
    case 'same-fragment-type':
      return diagnostic(
        'DOCUMENT_ERROR',
        `fragment "${name}" maps to the type ${fragmentTypeName(problem.at.node)}, as "${problem.earlier.node.name.value}" at ${where(place(problem.earlier))} does; rename one of them`,
      );
  }
}

/** graphql-js's validation, with the real `KnownTypeNamesRule` only where the probe found something. */
function validateUnit(
  schema: GraphQLSchema,
  unit: DocumentNode,
  rules: readonly ValidationRule[],
): GraphQLError[] {
  const errors = validate(schema, unit, rules, { maxErrors: 10_000 });
  const probed = (error: GraphQLError) => error.extensions[UNKNOWN_TYPE_EXTENSION] === true;
  if (!errors.some(probed)) return [...errors];
  return [
    ...errors.filter((error) => !probed(error)),
    ...validate(schema, unit, [KnownTypeNamesRule]),
  ];
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

  /** Validates a file with the fragments it needs from other files, as codegen combines them. */
  function validateFile(
    file: DocumentFile,
    fragments: ReadonlyMap<string, FragmentDefinitionNode>,
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
    if (own.length === 0) return { diagnostics: [], uses };
    const unit: DocumentNode = { kind: Kind.DOCUMENT, definitions: [...own, ...borrowed] };
    return { diagnostics: validateUnit(schema, unit, rules).map(toDiagnostic), uses };
  }

  /** Every document as one, fragments by their first definition, as codegen combines them. */
  function validateAll(files: readonly DocumentFile[]): Diagnostic[] {
    const seen = new Set<string>();
    const definitions = files.flatMap(definitionsOf).filter((definition) => {
      if (definition.kind !== Kind.FRAGMENT_DEFINITION) return true;
      if (seen.has(definition.name.value)) return false;
      seen.add(definition.name.value);
      return true;
    });
    if (definitions.length === 0) return [];
    return validateUnit(schema, { kind: Kind.DOCUMENT, definitions }, rules).map(toDiagnostic);
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
        ...definitions.problems.map(nameDiagnostic),
      ];
      if (options.validateAgainstSchema && !incremental) {
        diagnostics.push(...validateAll(all));
      } else if (options.validateAgainstSchema) {
        let fragments: Map<string, FragmentDefinitionNode> | undefined;
        for (const file of all) {
          let result = validated.get(file.path);
          if (!result) {
            fragments ??= fragmentIndex();
            result = validateFile(file, fragments);
            validated.set(file.path, result);
          }
          diagnostics.push(...result.diagnostics);
        }
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
