export {
  collectDefinitions,
  type DefinitionProblem,
  type Definitions,
  inspectDefinitions,
  type PlacedDefinition,
  type SourceDocuments,
} from './collect-definitions.js';
export { DEFAULT_SCALARS, type GeneratorConfig, type ScalarTypes } from './config.js';
export {
  createIncrementalGenerator,
  generateModule,
  generateResolvedModule,
  type IncrementalGenerator,
} from './generate-module.js';
export { RESERVED_METHODS } from './reserved-methods.js';
export { MAX_SELECTION_DEPTH, selectionDepth } from './selection-depth.js';
export { MAX_MERGE_WORK } from './selection-shape.js';
